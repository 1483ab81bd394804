// One section of a form page as its own RJSF form with the theme (FormPage renders one per section).
import { memo, useMemo } from "react";
import Form from "@rjsf/core";
import { passThroughValidator, theme } from "./theme.js";
import { SectionRenderContext } from "./PageLayout.jsx";
import { conditionsFor } from "./conditions.js";
import { sameSignature, sectionModel, sectionSignature } from "./renderModel.js";

/**
 * One section as its own RJSF form with the theme. It re-renders only when what it shows changes:
 * its answers, the results of its conditions, its errors (see sectionSignature).
 */
export function SectionForm({ page, section, runtime, answers, errors, readOnly, loggedIn }) {
  const model = sectionModel(page, section);
  const holds = conditionsFor(answers);
  if (section.visible_when && !holds(section.visible_when)) return null;
  const signature = sectionSignature(model, answers, holds);
  const sectionErrors = {};
  for (const key of model.keys) if (errors[key]) sectionErrors[key] = errors[key];
  return (
    <SectionFormBody
      section={section}
      runtime={runtime}
      model={model}
      signature={signature}
      errors={sectionErrors}
      readOnly={readOnly}
      loggedIn={loggedIn}
    />
  );
}

const SectionFormBody = memo(
  function SectionFormBody({ section, runtime, model, signature, errors, readOnly }) {
    const context = useMemo(() => Object.assign(Object.create(runtime), { section }), [runtime, section]);
    const formData = {};
    for (const key of Object.keys(model.schema.properties)) {
      const value = runtime.answers[key];
      if (value !== undefined) formData[key] = value;
    }
    return (
      <SectionRenderContext.Provider value={signature}>
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
      </SectionRenderContext.Provider>
    );
  },
  // `loggedIn` is read only here: the widgets read the bridge's isLoggedIn, so a sign-in redraws them.
  (prev, next) =>
    prev.section === next.section &&
    prev.readOnly === next.readOnly &&
    prev.loggedIn === next.loggedIn &&
    sameSignature(prev.signature, next.signature) &&
    sameErrors(prev.errors, next.errors),
);

function sameErrors(a, b) {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => b[key] && a[key].__errors.join("\n") === b[key].__errors.join("\n"));
}
