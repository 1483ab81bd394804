// SurveyJS (survey-core + survey-js-ui) rendering the converted large form.
import { Model } from "survey-core";
import { renderSurvey } from "survey-js-ui";
import "survey-core/survey-core.css";
import { crashed, keyMap, loadJson, publish } from "./common.js";

async function main() {
  const [json, fairness] = await Promise.all([loadJson("survey.json"), loadJson("fairness.json")]);
  const keys = keyMap(fairness.questions);
  const tabGroups = new Set(fairness.sets[0] ? Object.keys(fairness.sets[0].tabs) : []);
  let survey = new Model(json);
  const root = document.getElementById("root");
  renderSurvey(survey, root);

  function each(visit) {
    for (const q of survey.getAllQuestions(false, false, false)) {
      if (q.getType() === "paneldynamic") {
        q.panels.forEach((panel, index) => {
          for (const inner of panel.questions) {
            visit(inner, keys.entry(q.name, index, inner.name), q.isVisible && q.isParentVisible);
          }
        });
      } else if (!tabGroups.has(q.name)) {
        visit(q, q.name, true);
      }
    }
  }
  publish({
    system: "SurveyJS",
    load(set) {
      survey.data = keys.nested(set);
    },
    shown() {
      const out = [];
      each((q, key, parentShown) => {
        if (parentShown && q.isVisible && q.isParentVisible) out.push(key);
      });
      return out.sort();
    },
    check() {
      return survey.validate(false, false);
    },
    requiredMissing() {
      survey.validate(true, false);
      const out = [];
      // Only shown questions: a question hidden since an earlier check keeps that check's errors.
      each((q, key, parentShown) => {
        if (
          parentShown &&
          q.isVisible &&
          q.isParentVisible &&
          q.errors.some((e) => e.getErrorType() === "required")
        )
          out.push(key);
      });
      return out.sort();
    },
    async page(index) {
      survey.currentPageNo = index;
    },
    pageCount: () => survey.visiblePages.length,
    async reset() {
      survey.dispose();
      root.innerHTML = "";
      survey = new Model(json);
      renderSurvey(survey, root);
    },
  });
}
main().catch(crashed);
