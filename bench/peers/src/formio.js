// Form.io (@formio/js) rendering the converted large form as a wizard.
import { Formio } from "@formio/js";
import "@formio/js/dist/formio.form.css";
import { crashed, keyMap, loadJson, publish } from "./common.js";

const LAYOUT = new Set(["panel", "fieldset", "columns", "well", "datagrid"]);

async function main() {
  const [json, fairness] = await Promise.all([loadJson("formio.json"), loadJson("fairness.json")]);
  const keys = keyMap(fairness.questions);
  const tabGroups = new Set(fairness.sets[0] ? Object.keys(fairness.sets[0].tabs) : []);
  const root = document.getElementById("root");
  let form = await Formio.createForm(root, json);

  // Every input component with the engine key it stands for and whether it (and all above it) is shown.
  function walk(components, visit, shown = true, group = null, index = 0) {
    for (const c of components) {
      const visible = shown && c.visible !== false;
      if (c.component.type === "datagrid") {
        (c.rows || []).forEach((row, rowIndex) => {
          walk(Object.values(row), visit, visible, c.component.key, rowIndex);
        });
      } else if (c.components && LAYOUT.has(c.component.type)) {
        walk(c.components, visit, visible, group, index);
      } else if (c.component.input && !tabGroups.has(c.component.key)) {
        visit(c, group ? keys.entry(group, index, c.component.key) : c.component.key, visible);
      }
    }
  }
  const pages = () => form.pages || form.components;
  publish({
    system: "Form.io",
    async load(set) {
      await form.setSubmission({ data: keys.nested(set) });
      // The conditions run on the change that setting the submission queues; run them now.
      form.checkConditions(form.submission.data);
    },
    shown() {
      const out = [];
      for (const page of pages()) walk([page], (_c, key, visible) => visible && out.push(key));
      return out.sort();
    },
    check() {
      // What submit runs (Webform.submitForm): every page, the form's own processors.
      return form.validate(form.submission.data, { dirty: true, silentCheck: true, process: "submit" });
    },
    requiredMissing() {
      const out = [];
      for (const error of this.check()) {
        const required = error.ruleName === "required" || error.errorKeyOrMessage === "required";
        const path = error.context?.path ?? "";
        const entry = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(path);
        if (required) out.push(entry ? keys.entry(entry[1], Number(entry[2]), entry[3]) : path);
      }
      return out.sort();
    },
    async page(index) {
      await form.setPage(index);
    },
    pageCount: () => pages().length,
    async reset() {
      form.destroy(true);
      root.innerHTML = "";
      form = await Formio.createForm(root, json);
    },
  });
}
main().catch(crashed);
