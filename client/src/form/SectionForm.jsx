// One section of a form page as its own RJSF form with the theme (FormPage renders one per section).
import { memo, useMemo, useRef } from "react";
import Form from "@rjsf/core";
import { passThroughValidator, theme } from "./theme.js";
import { SectionRenderContext } from "./PageLayout.jsx";
import { conditionsFor } from "./conditions.js";
import { sameSignature, sectionModel, sectionSignature } from "./renderModel.js";

/**
 * One section as its own RJSF form with the theme. Its form re-renders only when the answers it shows
 * or its errors change (see sectionSignature); when only its conditions' results change (a keystroke
 * in a field they read), only its layout does (it follows SectionRenderContext), placing the fields
 * RJSF already rendered. Nothing re-renders when the page does for the shell alone (a save's state,
 * the session's has_changed_page or last_page on a move): the same props, the same section.
 */
export const SectionForm = memo(function SectionForm({
  page,
  section,
  runtime,
  answers,
  errors,
  readOnly,
  loggedIn,
}) {
  const model = sectionModel(page, section);
  const holds = conditionsFor(answers);
  const signature = useStable(sectionSignature(model, answers, holds));
  if (section.visible_when && !holds(section.visible_when)) return null;
  const sectionErrors = {};
  for (const key of model.keys) if (errors[key]) sectionErrors[key] = errors[key];
  return (
    <SectionRenderContext.Provider value={signature}>
      <SectionFormBody
        section={section}
        runtime={runtime}
        model={model}
        values={valuesOf(model, signature)}
        errors={sectionErrors}
        readOnly={readOnly}
        loggedIn={loggedIn}
      />
    </SectionRenderContext.Provider>
  );
});

/** The previous value while it is the same signature (a context value that changes only with it). */
function useStable(signature) {
  const kept = useRef(signature);
  if (!sameSignature(kept.current, signature)) kept.current = signature;
  return kept.current;
}

/** The part of the signature that is not a condition's result: what the form's fields show. */
function valuesOf(model, signature) {
  return signature
    .slice(0, signature.length - model.conditions.length - model.controllers.length)
    .concat(signature.slice(signature.length - model.controllers.length));
}

const SectionFormBody = memo(
  function SectionFormBody({ section, runtime, model, errors, readOnly }) {
    const context = useMemo(() => Object.assign(Object.create(runtime), { section }), [runtime, section]);
    const formData = {};
    for (const key of Object.keys(model.schema.properties)) {
      const value = runtime.answers[key];
      if (value !== undefined) formData[key] = value;
    }
    return (
      <Form
        schema={model.schema}
        uiSchema={model.uiSchema}
        formData={formData}
        formContext={context}
        validator={passThroughValidator}
        widgets={theme.widgets}
        fields={theme.fields}
        templates={theme.templates}
        extraErrors={errors}
        tagName="div"
        noHtml5Validate
        showErrorList={false}
        readonly={readOnly}
        experimental_defaultFormStateBehavior={{ emptyObjectFields: "skipDefaults" }}
      >
        <></>
      </Form>
    );
  },
  // `loggedIn` is read only here: the widgets read the bridge's isLoggedIn, so a sign-in redraws them.
  (prev, next) =>
    prev.section === next.section &&
    prev.readOnly === next.readOnly &&
    prev.loggedIn === next.loggedIn &&
    sameSignature(prev.values, next.values) &&
    sameErrors(prev.errors, next.errors),
);

function sameErrors(a, b) {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => b[key] && a[key].__errors.join("\n") === b[key].__errors.join("\n"));
}
