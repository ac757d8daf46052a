import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";

const ITEMS = '[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]';

/**
 * A menu button's behaviour (WAI-ARIA menu button pattern): Enter, Space, a click or ArrowDown
 * opens it with its first item focused; the arrows, Home and End move; Escape closes it and gives
 * the focus back to the button; Tab and a press outside close it. Spread `triggerProps` on the
 * button and `menuProps` on the menu, which says `role="menu"` (its items: `role="menuitem…"`, `tabIndex={-1}`).
 */
export function useMenuButton<T extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<T>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const close = useCallback((refocus = true) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  }, []);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % items.length,
      ArrowUp: (at - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      items[next]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === "Tab") setOpen(false);
  };

  return {
    open,
    setOpen,
    close,
    triggerProps: {
      ref: trigger,
      "aria-haspopup": "menu" as const,
      "aria-expanded": open,
      "aria-controls": open ? menuId : undefined,
      onKeyDown: (event: KeyboardEvent<T>) => {
        if (event.key === "ArrowDown" && !open) {
          event.preventDefault();
          setOpen(true);
        }
      },
    },
    menuProps: { ref: menu, id: menuId, onKeyDown: onMenuKeyDown },
  };
}
