import { describe, expect, it } from "vitest";
import { isSidebarCollapsed, type SidebarState, sidebarOnPage, sidebarOnToggle } from "./sidebar-state";

const expanded: SidebarState = { collapsed: false, academyVisit: null };

/** Walks pages (true: in the academy) and clicks ("collapse" / "expand"), returning the shown states. */
function walk(start: SidebarState, steps: Array<boolean | "collapse" | "expand">) {
  let state = start;
  return steps.map((step) => {
    state = typeof step === "boolean" ? sidebarOnPage(state, step) : sidebarOnToggle(state, step === "collapse");
    return isSidebarCollapsed(state);
  });
}

describe("the academy's sidebar collapse", () => {
  it("collapses on entering the academy and gives the expanded sidebar back on leaving", () => {
    expect(walk(expanded, [false, true, true, false])).toEqual([false, true, true, false]);
  });

  it("collapses again on the next visit", () => {
    expect(walk(expanded, [true, false, true])).toEqual([true, false, true]);
  });

  it("keeps a sidebar the user expanded in the academy expanded for the visit, and after it", () => {
    expect(walk(expanded, [true, "expand", true, true, false])).toEqual([true, false, false, false, false]);
  });

  it("leaves a sidebar collapsed before the visit collapsed after it", () => {
    expect(walk({ collapsed: true, academyVisit: null }, [false, true, false])).toEqual([true, true, true]);
  });

  it("takes a click outside the academy as the user's state", () => {
    expect(walk(expanded, ["collapse", false, true, false, "expand", false])).toEqual([true, true, true, true, false, false]);
  });

  it("changes nothing for pages outside the academy", () => {
    expect(sidebarOnPage(expanded, false)).toBe(expanded);
    const inside = sidebarOnPage(expanded, true);
    expect(sidebarOnPage(inside, true)).toBe(inside);
  });
});
