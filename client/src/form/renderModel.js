// What RJSF needs for one compiled page, derived once per page object (stable references, so a
// keystroke never rebuilds a schema): a flat object schema of the page's answer keys (types only;
// every rule stays in the compiled page schema, which the lead's validator runs), a uiSchema that
// names each key's widget and carries its compiled layout, and indexes the renderer reads.

const BLOCKS = new Set(["address", "school_search"]);
// Widgets that show typed text from their own subscription to the answer (widgets/common.js
// useTypedValue): their values are left out of the section's signature, so typing re-renders the
// input and not the section. A school search block's note reads two of them: the signature carries
// that note's condition instead (schoolOwnEntry).
const TYPED = new Set(["text", "email", "textarea"]);

/** Every field layout of a section, whatever holds it (fields, instances, branches, tabs). */
export function sectionFieldLists(section) {
  if (section.fields) return [section.fields];
  if (section.instances) return section.instances.map((instance) => instance.fields);
  if (section.branches) return section.branches.map((branch) => branch.fields);
  if (section.tabs) return section.tabs.options.map((option) => option.fields);
  return [];
}

/** The keyed layouts inside one field layout (a block's parts, a check group's items, or itself). */
export function keyedLayouts(layout) {
  if (BLOCKS.has(layout.widget)) return Object.values(layout.parts);
  if (layout.widget === "check_group")
    return layout.items.map((item) => ({ ...item, widget: "checkbox", group: layout }));
  if (layout.key) return [layout];
  return [];
}

/** The widget that renders a keyed layout: a block's search part is the block's own search box. */
export function renderedWidget(field, layout) {
  return BLOCKS.has(field.widget) && layout === field.parts.search ? field.widget : layout.widget;
}

/** A school search block says "own entry" when the school has a name but no CEEB code. */
export function schoolOwnEntry(block, answers) {
  return Boolean(answers?.[block.parts.search.key]) && !(block.parts.ceeb && answers?.[block.parts.ceeb.key]);
}

const models = new WeakMap();

/** {schema, uiSchema, layouts: {key: layout}, keys, dependents: {controller: [layout]}, fileKeys}. */
export function renderModel(page) {
  let model = models.get(page);
  if (model) return model;
  const properties = {};
  const uiSchema = { "ui:submitButtonOptions": { norender: true } };
  const layouts = {};
  const dependents = {};
  const fileKeys = [];
  for (const section of page.sections) {
    for (const fields of sectionFieldLists(section)) {
      for (const field of fields) {
        for (const layout of keyedLayouts(field)) {
          const widget = renderedWidget(field, layout);
          properties[layout.key] = {
            type: widget === "checkbox" ? "boolean" : "string",
            title: layout.label,
          };
          uiSchema[layout.key] = {
            "ui:widget": widget,
            "ui:options": { layout, block: BLOCKS.has(field.widget) ? field : null },
          };
          layouts[layout.key] = layout;
          if (layout.options_by) (dependents[layout.options_by.controller] ||= []).push(layout);
          if (layout.widget === "file_upload") fileKeys.push(layout.key);
        }
      }
    }
  }
  model = {
    schema: { type: "object", properties },
    uiSchema,
    layouts,
    keys: Object.keys(properties),
    dependents,
    fileKeys,
  };
  models.set(page, model);
  return model;
}

/** Options of a conditional dropdown for the controller's current value, or null when it has none. */
export function conditionalOptionsId(layout, answers) {
  return layout.options_by.options[answers[layout.options_by.controller] ?? ""] ?? null;
}

/** Whether a keyed layout is shown: its condition holds and a conditional dropdown has options. */
export function layoutShown(layout, answers, holds) {
  if (layout.visible_when && !holds(layout.visible_when)) return false;
  if (layout.options_by && !conditionalOptionsId(layout, answers)) return false;
  return true;
}

/** The answer keys a layout owns (with the `_desc` companion). */
export function ownedKeys(layout) {
  return layout.desc_key ? [layout.key, layout.desc_key] : [layout.key];
}

const sectionModels = new WeakMap();

/**
 * One section as its own RJSF form: the schema and uiSchema of its keys (from the page model, so
 * the objects are shared), the answer keys whose values it shows, and the conditions it reads.
 */
export function sectionModel(page, section) {
  let model = sectionModels.get(section);
  if (model) return model;
  const pageModel = renderModel(page);
  const properties = {};
  const uiSchema = { "ui:submitButtonOptions": { norender: true } };
  const required = [];
  const keys = [];
  const watched = [];
  const conditions = [];
  const controllers = new Set();
  if (section.visible_when) conditions.push(section.visible_when);
  for (const branch of section.branches || []) if (branch.visible_when) conditions.push(branch.visible_when);
  if (section.confirm) keys.push(section.confirm.key);
  const schoolBlocks = [];
  for (const fields of sectionFieldLists(section)) {
    for (const field of fields) {
      if (field.visible_when) conditions.push(field.visible_when);
      if (field.widget === "school_search") schoolBlocks.push(field);
      for (const layout of keyedLayouts(field)) {
        properties[layout.key] = pageModel.schema.properties[layout.key];
        uiSchema[layout.key] = pageModel.uiSchema[layout.key];
        if (layout.required) required.push(layout.key);
        const owned = ownedKeys(layout);
        keys.push(...owned);
        watched.push(...(TYPED.has(renderedWidget(field, layout)) ? owned.slice(1) : owned));
        if (layout.visible_when) conditions.push(layout.visible_when);
        if (layout.options_by) controllers.add(layout.options_by.controller);
      }
    }
  }
  if (section.confirm) watched.push(section.confirm.key);
  model = {
    schema: { type: "object", properties, required },
    uiSchema,
    keys,
    watched,
    schoolBlocks,
    conditions,
    controllers: [...controllers],
  };
  sectionModels.set(section, model);
  return model;
}

/**
 * What a section shows depends on: its answers (but typed text, which its inputs show themselves),
 * its conditions' results, its controllers' lists.
 */
export function sectionSignature(model, answers, holds) {
  const parts = [];
  for (const key of model.watched) parts.push(answers[key] ?? "");
  for (const block of model.schoolBlocks) parts.push(schoolOwnEntry(block, answers));
  for (const condition of model.conditions) parts.push(holds(condition) ? 1 : 0);
  for (const controller of model.controllers) parts.push(answers[controller] ?? "");
  return parts;
}

export function sameSignature(a, b) {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
