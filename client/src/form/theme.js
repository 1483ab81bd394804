// The RJSF theme: the registry's widgets (widgets/registry.js) with the page's templates.
import { FieldTemplate } from "../widgets/FieldTemplate.jsx";
import { widgets } from "../widgets/registry.js";
import { SectionLayout } from "./PageLayout.jsx";

export const theme = {
  widgets,
  fields: {},
  templates: { FieldTemplate, ObjectFieldTemplate: SectionLayout },
};

/** A validator for RJSF that validates nothing: the compiled schema is validated by validateAnswers. */
export const passThroughValidator = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  toErrorList: () => [],
  isValid: () => true,
  rawValidation: () => ({ errors: undefined, validationError: undefined }),
  reset: () => {},
};
