// The one registry of field types (form/theme.js builds the RJSF theme from it). Each widget module
// exports one descriptor, `fieldType`, listed below; the generic code (render model, page layout,
// review, print view, field template) asks `fieldType(widget)` and never tests a widget's name.
// A descriptor:
//   name          the compiled widget name (a widget of engine/fieldtypes/registry.py)
//   Widget        the RJSF widget of its answer key (a block's: of its search part)
//   place(layout, {answers, holds, index, shown(part), slot(key)})
//                 how the page layout places it (a block, a group, text); else its own answer key
//   keyedLayouts(layout)  the keyed layouts inside it (a block's parts, a group's items); else itself
//   block         its parts are one block whose search part is its own Widget
//   answer        "boolean" for a true/false answer, "number" for a number; else a string
//   typedText     its input shows typed text itself (left out of the section's signature)
//   file          its answer is a document (uploaded, not typed)
//   label         "self" (the widget labels itself) or "group" (a group named by the label)
//   signature(layout, answers)   what else of the answers its rendering reads
//   review(layout, context) -> [{key, label, value}]   its rows in the review; else its answer
//   print(layout, value, context) -> element          how it prints; else its answer
// This module imports the type modules and nothing else: a type module that reached it again (even
// through a component) would find the list below before its own `fieldType` exists. The import-cycle
// test (tests/unit/test_import_loops.py) fails on such a loop.
import { fieldType as address } from "./AddressBlock.jsx";
import { fieldType as checkbox } from "./CheckboxWidget.jsx";
import { fieldType as checkGroup } from "./CheckGroup.jsx";
import { fieldType as conditionalSelect } from "./ConditionalSelectWidget.jsx";
import { fieldType as content } from "./Content.jsx";
import { fieldType as date } from "./DateWidget.jsx";
import { fieldType as email } from "./EmailWidget.jsx";
import { fieldType as fileUpload } from "./FileUploadWidget.jsx";
import { fieldType as internationalPhone } from "./InternationalPhoneWidget.jsx";
import { fieldType as number } from "./NumberWidget.jsx";
import { fieldType as phone } from "./PhoneWidget.jsx";
import { fieldType as radio } from "./RadioWidget.jsx";
import { fieldType as schoolSearch } from "./SchoolSearchBlock.jsx";
import { fieldType as select } from "./SelectWidget.jsx";
import { fieldType as text } from "./TextWidget.jsx";
import { fieldType as textarea } from "./TextareaWidget.jsx";

const FIELD_TYPES = {};
for (const type of [
  text,
  email,
  textarea,
  phone,
  internationalPhone,
  date,
  select,
  radio,
  conditionalSelect,
  checkbox,
  checkGroup,
  fileUpload,
  address,
  schoolSearch,
  content,
  number,
])
  FIELD_TYPES[type.name] = type;

const PLAIN = Object.freeze({});

/** The descriptor of a compiled widget name (an empty one for a name no type registers). */
export function fieldType(name) {
  return Object.prototype.hasOwnProperty.call(FIELD_TYPES, name) ? FIELD_TYPES[name] : PLAIN;
}

/** The RJSF widget of each type that has one, by compiled widget name. */
export const widgets = {};
for (const type of Object.values(FIELD_TYPES)) if (type.Widget) widgets[type.name] = type.Widget;

/** Whether a compiled widget name is registered (rendered as a widget, placed by the page, or both). */
export function isRegistered(name) {
  const type = fieldType(name);
  return Boolean(type.Widget || type.place);
}
