import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";

/** The look of a menu's entry: a link or a button given `role="menuitem"` (or `menuitemradio`). */
export const menuItemClassName =
  "flex w-full cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none focus:bg-accent focus:text-accent-foreground [&_svg]:size-4";

const ITEMS = '[role="menuitem"], [role="menuitemradio"]';

/**
 * A menu button (WAI-ARIA's menu pattern) in a few lines instead of Radix's dropdown, whose
 * positioning engine and focus machinery weighed 20 kB gzip on every signed-in page (issue 16).
 * It opens above its button (`placement`), focuses its first entry, moves with the arrow keys,
 * Home and End, and closes on Escape (focus back on the button), when focus leaves it, on a click
 * outside or a chosen entry. `children` receives `close` for entries that act without navigating.
 */
export function Menu({
  label,
  trigger,
  triggerClassName,
  className,
  children,
}: {
  /** The button's accessible name. */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  /** Where the list sits, e.g. `bottom-full right-0 mb-1.5`. */
  className?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // Focus gone elsewhere (Tab past the last control): closed.
    const left = (event: FocusEvent) => {
      if (event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) setOpen(false);
    };
    const element = root.current;
    document.addEventListener("pointerdown", outside);
    element?.addEventListener("focusout", left);
    return () => {
      document.removeEventListener("pointerdown", outside);
      element?.removeEventListener("focusout", left);
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === "Escape") {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === "ArrowDown") focus(at + 1);
    else if (event.key === "ArrowUp") focus(at < 0 ? -1 : at - 1);
    else if (event.key === "Home") focus(0);
    else if (event.key === "End") focus(-1);
    else return;
    event.preventDefault();
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={list}
          id={id}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          // The entry under the pointer takes the focus, so one entry only is ever highlighted.
          onPointerMove={(event) => {
            const item = (event.target as HTMLElement).closest<HTMLElement>(ITEMS);
            if (item && item !== document.activeElement) item.focus();
          }}
          className={`absolute z-50 min-w-48 rounded-md border bg-popover p-1 text-popover-foreground shadow-lg ${className ?? ""}`}
        >
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}

export function MenuSeparator() {
  return <hr className="-mx-1 my-1 h-px border-0 bg-border" />;
}
