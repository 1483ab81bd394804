import { printSelect, reviewChoice } from "./readout.jsx";
import { SelectControl } from "./SelectWidget.jsx";
import { optionList, widgetContext } from "./common.js";
import { useRuntimeAnswer } from "./runtime.js";

/**
 * A dropdown whose options depend on a controlling answer (options_by). The page hides it when the
 * controller's value has no options and clears it (and its `_desc`) when the controller changes.
 */
export function ConditionalSelectWidget(props) {
  const { runtime, layout } = widgetContext(props);
  const controllerValue = useRuntimeAnswer(runtime, layout.options_by?.controller);
  const listId = layout.options_by?.options?.[controllerValue ?? ""];
  if (!listId) return null;
  return <SelectControl {...props} choices={optionList(runtime.compiled, listId)} />;
}

/** The conditional select field type: a dropdown whose list follows its controller. */
export const fieldType = {
  name: "conditional_select",
  Widget: ConditionalSelectWidget,
  review: reviewChoice,
  print: printSelect,
};
