// react-jsonschema-form (@rjsf/core + @rjsf/validator-ajv8) rendering the converted large form: one
// JSON Schema per page (the library has no pages), one formData for the whole form.
import Form from "@rjsf/core";
import { retrieveSchema } from "@rjsf/utils";
import validator from "@rjsf/validator-ajv8";
import { createRoot } from "react-dom/client";
import { flushSync } from "react-dom";
import { crashed, keyMap, loadJson, publish } from "./common.js";

async function main() {
  const [defs, fairness] = await Promise.all([loadJson("rjsf.json"), loadJson("fairness.json")]);
  const keys = keyMap(fairness.questions);
  const numeric = new Set(defs.numeric);
  const tabGroups = new Set(fairness.sets[0] ? Object.keys(fairness.sets[0].tabs) : []);
  const pageOf = new Map();
  defs.pages.forEach((page, index) => {
    for (const key of page.uiSchema["ui:order"]) pageOf.set(key, index);
  });
  let data = defs.pages.map(() => ({}));
  let current = 0;
  const root = createRoot(document.getElementById("root"));
  function render() {
    const page = defs.pages[current];
    root.render(
      <Form
        key={current}
        schema={page.schema}
        uiSchema={page.uiSchema}
        validator={validator}
        formData={data[current]}
        omitExtraData
        liveOmit
        noHtml5Validate
        onChange={(event) => {
          data[current] = event.formData;
        }}
      />,
    );
  }
  flushSync(render);

  function shownOf(index) {
    const page = defs.pages[index];
    const pageData = data[index];
    const schema = retrieveSchema(validator, page.schema, page.schema, pageData);
    const out = [];
    for (const [key, prop] of Object.entries(schema.properties || {})) {
      if (tabGroups.has(key)) continue;
      if (prop.type === "array") {
        (pageData[key] || []).forEach((row, rowIndex) => {
          const item = retrieveSchema(validator, prop.items, page.schema, row);
          for (const name of Object.keys(item.properties || {})) out.push(keys.entry(key, rowIndex, name));
        });
      } else {
        out.push(key);
      }
    }
    return out;
  }
  function errors() {
    return defs.pages.map((page, index) => validator.validateFormData(data[index], page.schema).errors);
  }
  publish({
    system: "react-jsonschema-form",
    load(set) {
      const nested = keys.nested(set, (key, value) =>
        numeric.has(key) && value !== "" ? Number(value) : value,
      );
      data = defs.pages.map(() => ({}));
      for (const [key, value] of Object.entries(nested)) {
        const index = pageOf.get(key);
        if (index !== undefined) data[index][key] = value;
      }
      flushSync(render);
    },
    shown() {
      return defs.pages.flatMap((_page, index) => shownOf(index)).sort();
    },
    check() {
      return errors();
    },
    requiredMissing() {
      const out = [];
      for (const pageErrors of errors()) {
        for (const error of pageErrors) {
          if (error.name !== "required") continue;
          const path = `${error.property}`.replace(/^\./, "").split(".");
          const key = path.length === 1 ? path[0] : keys.entry(path[0], Number(path[1]), path[2]);
          out.push(key);
        }
      }
      return out.sort();
    },
    async page(index) {
      current = index;
      flushSync(render);
    },
    pageCount: () => defs.pages.length,
    async reset() {
      data = defs.pages.map(() => ({}));
      current = 0;
      flushSync(render);
    },
  });
}
main().catch(crashed);
