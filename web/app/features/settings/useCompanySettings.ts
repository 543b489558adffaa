import { useCallback, useEffect, useRef, useState } from "react";
import { useRealtimeEvent } from "../../lib/realtime";
import { toastError } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { listSettings, saveSetting } from "./api";

/**
 * The company's settings: the session's copy first (no loading flash), then the server's list, kept
 * current by `settings` events. A change is shown at once and rolled back if the save fails.
 */
export function useCompanySettings(user: SessionUser, savedMessage: string) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(user.company.settings.map((s) => [s.key, s.value])),
  );
  const [saving, setSaving] = useState<string | null>(null);
  const latest = useRef(values);
  latest.current = values;

  useEffect(() => {
    let live = true;
    listSettings()
      .then((rows) => {
        if (live && Array.isArray(rows)) setValues((prev) => ({ ...prev, ...Object.fromEntries(rows.map((r) => [r.key, r.value])) }));
      })
      .catch(toastError);
    return () => {
      live = false;
    };
  }, []);

  useRealtimeEvent("settings", (event) => setValues((prev) => ({ ...prev, [event.key]: event.value })));

  const save = useCallback(
    async (key: string, value: string) => {
      const previous = latest.current[key];
      setValues((prev) => ({ ...prev, [key]: value }));
      setSaving(key);
      try {
        await saveSetting(key, value);
        toast.success(savedMessage);
      } catch (err) {
        setValues((prev) => ({ ...prev, [key]: previous ?? "" }));
        toastError(err);
      } finally {
        setSaving(null);
      }
    },
    [savedMessage],
  );

  return { values, save, saving };
}
