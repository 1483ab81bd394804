// Test helper: render one widget as RJSF would, with a form runtime whose patches are recorded.
import { render } from "@testing-library/react";
import { createRuntime } from "./runtime.js";

export const COMPILED = {
  calling_codes: [
    ["1", ["US", "CA"]],
    ["44", ["GB", "GG"]],
    ["683", ["NU"]],
  ],
  options: {
    yes_no: {
      options: [
        { value: "", label: "--" },
        { value: "Y", label: "Yes" },
        { value: "N", label: "No" },
      ],
    },
    countries: {
      options: [
        { value: "", label: "--" },
        { value: "USA", label: "United States" },
        { value: "CAN", label: "Canada" },
        { value: "FRA", label: "France" },
      ],
    },
    us_states: {
      options: [
        { value: "", label: "--" },
        { value: "CA", label: "California" },
        { value: "IL", label: "Illinois" },
      ],
    },
    ca_provinces: {
      options: [
        { value: "", label: "--" },
        { value: "ON", label: "Ontario" },
      ],
    },
  },
};

export function renderWidget(
  Widget,
  { layout, value, answers = {}, isLoggedIn = true, block = null, rawErrors, props = {} } = {},
) {
  const runtime = createRuntime();
  const patches = [];
  runtime.compiled = COMPILED;
  runtime.answers = { ...answers };
  runtime.bridge = {
    isLoggedIn,
    toastError: (...args) => patches.push({ toast: args }),
    patch(partial) {
      patches.push(partial);
      runtime.publish({ ...runtime.answers, ...partial });
    },
  };
  const widgetProps = (current) => ({
    id: `root_${layout.key}`,
    value: current,
    onChange: (next) => patches.push({ onChange: next }),
    options: { layout, block },
    registry: { formContext: runtime },
    rawErrors,
    required: Boolean(layout.required),
    ...props,
  });
  const view = render(<Widget {...widgetProps(value)} />);
  const rerender = (next) => view.rerender(<Widget {...widgetProps(next)} />);
  return { ...view, rerender, patches, runtime };
}
