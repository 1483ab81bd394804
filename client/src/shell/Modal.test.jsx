// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Footer } from "./Footer.jsx";
import { Modal } from "./Modal.jsx";

afterEach(cleanup);

function Opener({ modal = {} }) {
  const [open, setOpen] = useState(false);
  const [closed, setClosed] = useState(0);
  const close = () => {
    setOpen(false);
    setClosed((n) => n + 1);
  };
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <output>{closed}</output>
      {open && (
        <Modal
          open
          title="Delete File"
          onClose={close}
          actions={
            <>
              <button type="button" onClick={close}>
                Cancel
              </button>
              <button type="button">Delete</button>
            </>
          }
          {...modal}
        >
          <p>Are you sure?</p>
        </Modal>
      )}
    </div>
  );
}

const closedCount = () => Number(screen.getByRole("status").textContent);

describe("Modal (the native <dialog>)", () => {
  it("is labelled by its title, takes focus inside, closes on Escape and gives focus back to its opener", () => {
    render(<Opener modal={{ closeButton: false }} />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Delete File" });
    expect(dialog.tagName).toBe("DIALOG");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull(); // no × when asked
    fireEvent.keyDown(document.activeElement, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(closedCount()).toBe(1);
    expect(document.activeElement).toBe(opener);
  });

  it("closes on a press on its backdrop only when asked to, never on a press inside", () => {
    render(<Opener modal={{ closeOnBackdrop: true }} />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.mouseDown(screen.getByText("Are you sure?"));
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole("dialog"));
    expect(screen.queryByRole("dialog")).toBeNull();
    cleanup();
    render(<Opener />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.mouseDown(screen.getByRole("dialog"));
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" })); // the header's ×
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("the footer's Help and Privacy modals", () => {
  const COMPILED = {
    modals: {
      help: { title: "Technical Help", body: "Write to [help@example.edu](mailto:help@example.edu)." },
      privacy: { title: "Privacy", body: "**What we collect.** Your answers." },
    },
  };

  it("open from their buttons with the compiled title and markdown body, and close", () => {
    render(<Footer compiled={COMPILED} />);
    fireEvent.click(screen.getByRole("button", { name: "Help" }));
    const dialog = screen.getByRole("dialog", { name: "Technical Help" });
    expect(dialog.querySelector("a[href='mailto:help@example.edu']")).toBeTruthy();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Privacy" }));
    expect(screen.getByRole("dialog", { name: "Privacy" }).querySelector("strong").textContent).toBe(
      "What we collect.",
    );
    fireEvent.click(screen.getAllByRole("button", { name: "Close" }).at(-1));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
