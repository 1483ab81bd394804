// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { groupErrors, ValidationSummary } from "./ValidationSummary.jsx";
import { compiledTenant } from "../form/testCompiled.js";

afterEach(cleanup);

const compiled = {
  settings: {
    validation_summary: {
      title: "We're missing some information!",
      text: "The links below show what needs to be completed.",
    },
  },
  data_model: {
    first_name: { page: "/about" },
    school: { page: "/education" },
    essay: { page: "/education" },
  },
  pages: [
    {
      route: "/about",
      title: "About You",
      sections: [{ fields: [{ key: "first_name", label: "First Name" }] }],
    },
    {
      route: "/education",
      title: "ACADEMICS",
      sections: [
        {
          fields: [
            { key: "school", label: "Search for Your School" },
            { key: "essay", label: "Essay" },
          ],
        },
      ],
    },
    { route: "/final-steps", title: "FINISH UP", sections: [] },
  ],
};

describe("the validation summary", () => {
  it("groups errors by page in page order, with the questions' labels", () => {
    const groups = groupErrors(compiled, {
      essay: ["Too long."],
      first_name: ["First Name"],
      school: ["Required."],
    });
    expect(groups.map((g) => g.page.route)).toEqual(["/about", "/education"]);
    expect(groups[1].items.map((i) => i.label)).toEqual(["Essay", "Search for Your School"]);
  });

  it("shows the tenant's title and text, links page#question, and moves there on click", () => {
    const onGo = vi.fn();
    render(
      <ValidationSummary
        compiled={compiled}
        errors={{ school: ["Please choose your school."] }}
        onGo={onGo}
      />,
    );
    const region = screen.getByRole("region", { name: "We're missing some information!" });
    expect(region.textContent).toContain("The links below show what needs to be completed.");
    const link = within(region).getByRole("link", { name: "Search for Your School" });
    expect(link.getAttribute("href")).toBe("/education#school");
    expect(region.textContent).toContain("Please choose your school.");
    fireEvent.click(link);
    expect(onGo).toHaveBeenCalledWith("/education", "school");
  });

  it("takes focus when a submit asked for it, once, and is described by the tenant's text", () => {
    const focusRequest = { current: true };
    const { rerender } = render(
      <ValidationSummary compiled={compiled} errors={{}} onGo={() => {}} focusRequest={focusRequest} />,
    );
    expect(focusRequest.current).toBe(true); // nothing shown yet: the request waits
    rerender(
      <ValidationSummary
        compiled={compiled}
        errors={{ school: ["Required."] }}
        onGo={() => {}}
        focusRequest={focusRequest}
      />,
    );
    const region = screen.getByRole("region", { name: "We're missing some information!" });
    expect(document.activeElement).toBe(region);
    expect(region.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(region.getAttribute("aria-describedby")).textContent).toContain(
      "The links below",
    );
    expect(focusRequest.current).toBe(false);
    region.blur();
    rerender(
      <ValidationSummary
        compiled={compiled}
        errors={{ school: ["Required."], essay: ["Too long."] }}
        onGo={() => {}}
        focusRequest={focusRequest}
      />,
    );
    expect(document.activeElement).not.toBe(region); // errors following the answers never steal focus
  });

  it("names a later add-another entry in its line, as its messages do (the real compiled form)", () => {
    const real = compiledTenant("intl_undergrad");
    const groups = groupErrors(real, {
      hs_name: ["Search for Your School"],
      hs_2_name: ["School 2: Search for Your School"],
      hs_2_grad_month: ["School 2: Date of Completion"],
    });
    const labels = Object.fromEntries(groups[0].items.map((item) => [item.key, item.label]));
    expect(labels).toEqual({
      hs_name: "Search for Your School",
      hs_2_name: "School 2: Search for Your School",
      hs_2_grad_month: "School 2: Date of Completion",
    });
    render(
      <ValidationSummary
        compiled={real}
        errors={{ hs_2_name: ["School 2: Search for Your School"] }}
        onGo={() => {}}
      />,
    );
    const line = screen.getByRole("link", { name: "School 2: Search for Your School" }).closest("li");
    expect(line.textContent).toBe("School 2: Search for Your School"); // the message is the label: said once
  });

  it("names a later entry once when its message is not the label (the real compiled form)", () => {
    const real = compiledTenant("intl_undergrad");
    render(
      <ValidationSummary
        compiled={real}
        errors={{ hs_2_grad_month: ["School 2: Please enter a date in the past."] }}
        onGo={() => {}}
      />,
    );
    const line = screen.getByRole("link", { name: "School 2: Date of Completion" }).closest("li");
    expect(line.textContent).toBe("School 2: Date of Completion: Please enter a date in the past.");
  });

  it("drops a label's closing punctuation before the colon of its message", () => {
    const agreeing = {
      ...compiled,
      data_model: { agree: { page: "/final-steps" } },
      pages: [
        {
          route: "/final-steps",
          title: "FINISH UP",
          sections: [{ fields: [{ key: "agree", label: "I confirm this work is mine for the project." }] }],
        },
      ],
    };
    render(
      <ValidationSummary
        compiled={agreeing}
        errors={{ agree: ["You must agree to continue."] }}
        onGo={() => {}}
      />,
    );
    const line = screen
      .getByRole("link", { name: "I confirm this work is mine for the project" })
      .closest("li");
    expect(line.textContent).toBe("I confirm this work is mine for the project: You must agree to continue.");
  });

  it("keeps a label's punctuation when the label is the message", () => {
    const asked = {
      ...compiled,
      data_model: { agree: { page: "/final-steps" } },
      pages: [
        {
          route: "/final-steps",
          title: "FINISH UP",
          sections: [{ fields: [{ key: "agree", label: "Ready?" }] }],
        },
      ],
    };
    render(<ValidationSummary compiled={asked} errors={{ agree: ["Ready?"] }} onGo={() => {}} />);
    expect(screen.getByRole("link", { name: "Ready?" }).closest("li").textContent).toBe("Ready?");
  });

  it("shows nothing without errors", () => {
    const { container } = render(<ValidationSummary compiled={compiled} errors={{}} onGo={() => {}} />);
    expect(container.innerHTML).toBe("");
  });
});
