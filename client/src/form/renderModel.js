// What RJSF needs for one compiled page, derived once per page object (stable references, so a
// keystroke never rebuilds a schema): a flat object schema of the page's answer keys (types only;
// every rule stays in the compiled page schema, which validateAnswers runs), a uiSchema that
// names each key's widget and carries its compiled layout, and indexes the renderer reads.
import { fieldType } from "../widgets/registry.js";

// Widgets that show typed text from their own subscription to the answer (widgets/common.js
// useTypedValue, the field type's `typedText`): their values are left out of the section's
// signature, so typing re-renders the input and not the section. What else a field's rendering
// reads of the answers (its type's `signature`, as a school block's own-entry note) is in it instead.

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
  const own = fieldType(layout.widget).keyedLayouts;
  if (own) return own(layout);
  if (layout.key) return [layout];
  return [];
}

/** The widget that renders a keyed layout: a block's search part is the block's own search box. */
function renderedWidget(field, layout) {
  return fieldType(field.widget).block && layout === field.parts.search ? field.widget : layout.widget;
}

const models = new WeakMap();
// A number question holds a number, or (until it reads as one) the text typed.
const SCHEMA_TYPES = { boolean: "boolean", number: ["number", "string"] };

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
            type: SCHEMA_TYPES[fieldType(widget).answer] ?? "string",
            title: layout.label,
          };
          uiSchema[layout.key] = {
            "ui:widget": widget,
            "ui:options": { layout, block: fieldType(field.widget).block ? field : null },
          };
          layouts[layout.key] = layout;
          if (layout.options_by) (dependents[layout.options_by.controller] ||= []).push(layout);
          if (fieldType(layout.widget).file) fileKeys.push(layout.key);
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
  const derived = [];
  for (const fields of sectionFieldLists(section)) {
    for (const field of fields) {
      if (field.visible_when) conditions.push(field.visible_when);
      if (fieldType(field.widget).signature) derived.push(field);
      for (const layout of keyedLayouts(field)) {
        properties[layout.key] = pageModel.schema.properties[layout.key];
        uiSchema[layout.key] = pageModel.uiSchema[layout.key];
        if (layout.required) required.push(layout.key);
        const owned = ownedKeys(layout);
        keys.push(...owned);
        watched.push(...(fieldType(renderedWidget(field, layout)).typedText ? owned.slice(1) : owned));
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
    derived,
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
  for (const field of model.derived) parts.push(fieldType(field.widget).signature(field, answers));
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
