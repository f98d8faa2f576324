/**
 * Seed 000 §2: the academy collapses the sidebar by itself. It does so once per visit (entering
 * /academy or /admin/academy from elsewhere) and the visit's end gives the user's own state back.
 * A click on the toggle is the user's choice: it holds for the rest of the visit and after it.
 *
 * `collapsed` is the user's own state; `academyVisit` is null outside the academy, else the state
 * shown during the visit.
 */
export type SidebarState = { collapsed: boolean; academyVisit: "collapsed" | "expanded" | null };

/** The state after a page of the shell is rendered at a path in (or out of) the academy. */
export function sidebarOnPage(state: SidebarState, inAcademy: boolean): SidebarState {
  if (inAcademy) return state.academyVisit ? state : { ...state, academyVisit: "collapsed" };
  return state.academyVisit ? { ...state, academyVisit: null } : state;
}

/** The state after the user collapses or expands the sidebar. */
export function sidebarOnToggle(state: SidebarState, collapsed: boolean): SidebarState {
  return { collapsed, academyVisit: state.academyVisit ? (collapsed ? "collapsed" : "expanded") : null };
}

/** Whether the sidebar shows collapsed (on desktop; the phone overlay starts closed anyway). */
export function isSidebarCollapsed(state: SidebarState): boolean {
  return state.academyVisit ? state.academyVisit === "collapsed" : state.collapsed;
}
