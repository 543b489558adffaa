import { useEffect, useState } from "react";
import { toastError } from "../../lib/errors";
import { listMacros } from "./api";
import type { MacroRow } from "./types";

/** The macros the user may run, loaded when `enabled` first turns on (a picker opening), null until they arrive. */
export function useMacros(enabled: boolean): MacroRow[] | null {
  const [macros, setMacros] = useState<MacroRow[] | null>(null);
  useEffect(() => {
    if (!enabled || macros) return;
    let live = true;
    listMacros()
      .then((list) => live && setMacros(list))
      .catch((err) => {
        if (live) setMacros([]);
        toastError(err);
      });
    return () => {
      live = false;
    };
  }, [enabled, macros]);
  return macros;
}
