"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";

type Focus = "first" | "last";

const items = (list: HTMLElement | null) =>
  list ? [...list.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];

/**
 * The keyboard and pointer behaviour of a menu button (WAI-ARIA APG "menu button"): the button
 * opens the menu on click, Enter or Space (first item focused) and ArrowDown/ArrowUp (first/last);
 * in the menu, arrows move with wrap-around, Home/End jump, Space or Enter choose, Escape closes
 * and gives focus back to the button, Tab and a pointer press outside close it.
 */
export function useMenuKeys() {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<Focus>("first");
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const show = (focus: Focus) => {
    setFocusOnOpen(focus);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  // The items exist once the open menu has rendered.
  useEffect(() => {
    if (!open) return;
    const all = items(listRef.current);
    (focusOnOpen === "first" ? all[0] : all.at(-1))?.focus();
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open, focusOnOpen]);

  const onButtonClick = () => (open ? close(false) : show("first"));
  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    show(event.key === "ArrowDown" ? "first" : "last");
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items(listRef.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        move(at + 1);
        break;
      case "ArrowUp":
        move(at - 1);
        break;
      case "Home":
        move(0);
        break;
      case "End":
        move(all.length - 1);
        break;
      case "Escape":
        close(true);
        break;
      case " ":
        // Space chooses a link item too (a link alone reacts to Enter only).
        (event.target as HTMLElement).click();
        break;
      case "Tab":
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  return { open, close, rootRef, buttonRef, listRef, onButtonClick, onButtonKeyDown, onListKeyDown };
}
