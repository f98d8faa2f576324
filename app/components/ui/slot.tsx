import { cloneElement, isValidElement, type ReactNode } from "react";

type Props = Record<string, unknown> & { children?: ReactNode };

/**
 * What `asChild` needs of Radix's Slot, without pulling Radix into every page (issue 16): the one
 * child element is rendered with the slot's props, its own winning, save that classes are joined,
 * styles merged and both event handlers run (the child's first).
 */
export function Slot({ children, ...slot }: Props) {
  if (!isValidElement<Props>(children)) return null;
  const own = children.props;
  const merged: Props = { ...slot, ...own };
  for (const [key, value] of Object.entries(slot)) {
    const mine = own[key];
    if (/^on[A-Z]/.test(key) && typeof value === "function" && typeof mine === "function") {
      merged[key] = (...args: unknown[]) => {
        mine(...args);
        value(...args);
      };
    } else if (key === "style" && mine) merged.style = { ...(value as object), ...(mine as object) };
    else if (key === "className") merged.className = [value, mine].filter(Boolean).join(" ");
  }
  return cloneElement(children, merged);
}
