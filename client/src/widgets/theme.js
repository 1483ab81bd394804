// The one RJSF theme: every widget the compiler can emit, the field template and the page layout
// template, plus the block templates the page layout places (address, school search, check group,
// content). FormPage passes these to RJSF's Form.
import { AddressBlock } from "./AddressBlock.jsx";
import { AutocompleteWidget } from "./AutocompleteWidget.jsx";
import { CheckboxWidget } from "./CheckboxWidget.jsx";
import { CheckGroup } from "./CheckGroup.jsx";
import { ConditionalSelectWidget } from "./ConditionalSelectWidget.jsx";
import { Content } from "./Content.jsx";
import { DateWidget } from "./DateWidget.jsx";
import { FieldTemplate } from "./FieldTemplate.jsx";
import { FileUploadWidget } from "./FileUploadWidget.jsx";
import { InternationalPhoneWidget } from "./InternationalPhoneWidget.jsx";
import { PhoneWidget } from "./PhoneWidget.jsx";
import { RadioWidget } from "./RadioWidget.jsx";
import { SchoolSearchBlock } from "./SchoolSearchBlock.jsx";
import { SelectWidget } from "./SelectWidget.jsx";
import { EmailWidget, TextWidget } from "./TextWidget.jsx";
import { TextareaWidget } from "./TextareaWidget.jsx";
import { SectionLayout } from "../form/PageLayout.jsx";

export const widgets = {
  text: TextWidget,
  email: EmailWidget,
  textarea: TextareaWidget,
  phone: PhoneWidget,
  international_phone: InternationalPhoneWidget,
  date: DateWidget,
  select: SelectWidget,
  radio: RadioWidget,
  conditional_select: ConditionalSelectWidget,
  checkbox: CheckboxWidget,
  file_upload: FileUploadWidget,
  // The search line of an address or school block (the block itself is a template below).
  address: AutocompleteWidget,
  school_search: AutocompleteWidget,
};

export const templates = {
  FieldTemplate,
  ObjectFieldTemplate: SectionLayout,
  AddressBlockTemplate: AddressBlock,
  SchoolSearchBlockTemplate: SchoolSearchBlock,
  CheckGroupTemplate: CheckGroup,
  ContentTemplate: Content,
};

/** Layout widgets placed by the page layout: compiled widget name -> template name. */
export const BLOCK_TEMPLATES = {
  address: "AddressBlockTemplate",
  school_search: "SchoolSearchBlockTemplate",
  check_group: "CheckGroupTemplate",
  content: "ContentTemplate",
};

export const theme = { widgets, fields: {}, templates };

/** Whether the theme renders a compiled widget name (as a widget, a block template, or both). */
export function isRegistered(name) {
  return name in widgets || (name in BLOCK_TEMPLATES && BLOCK_TEMPLATES[name] in templates);
}

/** A validator for RJSF that validates nothing: the compiled schema is validated by validateAnswers. */
export const passThroughValidator = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  toErrorList: () => [],
  isValid: () => true,
  rawValidation: () => ({ errors: undefined, validationError: undefined }),
  reset: () => {},
};
