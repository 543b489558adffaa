import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Input } from "../../components/ui/Input";
import { Switch } from "../../components/ui/Switch";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { deleteSubscription, getPushSettings, postSubscription, putPreferences, sendTestPush, type PushSettings as Settings } from "./api";
import { currentSubscription, pushSupported, subscribeDevice, subscriptionBody } from "./device";
import "./texts";

/**
 * The profile's "Notificações neste aparelho" (issue 29): turns Web Push on or off for this browser (asking the
 * browser's permission, subscribing with the app's VAPID key and handing the subscription to the API), the user's
 * quiet hours, and a test push.
 */
export function PushSettings() {
  const { t } = useTranslation();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [permission, setPermission] = useState<NotificationPermission>("default");
  const [quiet, setQuiet] = useState({ on: false, from: "22:00", to: "07:00" });

  useEffect(() => {
    const ok = pushSupported();
    setSupported(ok);
    if (!ok) return;
    setPermission(Notification.permission);
    let live = true;
    void (async () => {
      try {
        const [loaded, subscription] = await Promise.all([getPushSettings(), currentSubscription()]);
        if (!live) return;
        setSettings(loaded);
        setEnabled(subscription !== null && Notification.permission === "granted");
        if (loaded.quietHours) setQuiet({ on: true, ...loaded.quietHours });
      } catch (err) {
        if (live) toastError(err);
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  async function toggle(on: boolean) {
    if (!settings) return;
    setBusy(true);
    try {
      if (on) {
        const granted = await Notification.requestPermission();
        setPermission(granted);
        if (granted !== "granted") return;
        const subscription = await subscribeDevice(settings.publicKey);
        await postSubscription(subscriptionBody(subscription));
        setEnabled(true);
        toast.success(t("push.turnedOn"));
      } else {
        const subscription = await currentSubscription();
        if (subscription) {
          await deleteSubscription(subscription.endpoint).catch(() => undefined);
          await subscription.unsubscribe();
        }
        setEnabled(false);
        toast.success(t("push.turnedOff"));
      }
      setSettings(await getPushSettings());
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  }

  async function saveQuiet(next = quiet) {
    try {
      await putPreferences({ quietHours: next.on ? { from: next.from, to: next.to } : null });
      toast.success(t("toasts.saved"));
    } catch (err) {
      toastError(err);
    }
  }

  async function test() {
    try {
      await sendTestPush();
      toast.success(t("push.testSent"));
    } catch (err) {
      toastError(err);
    }
  }

  if (supported === null) return null;
  return (
    <section aria-labelledby="push-settings-title" className="flex flex-col gap-3 border-t border-line pt-4" data-testid="push-settings">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id="push-settings-title" className="text-sm font-medium text-fg">
            {t("push.title")}
          </h3>
          <p className="text-xs text-fg-muted">{supported ? t("push.hint") : t("push.unsupported")}</p>
        </div>
        {supported ? (
          <Switch
            checked={enabled}
            onCheckedChange={(on) => void toggle(on)}
            disabled={busy || !settings || permission === "denied"}
            aria-label={t("push.title")}
          />
        ) : null}
      </div>
      {supported && permission === "denied" ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {t("push.denied")}
        </p>
      ) : null}
      {supported && settings ? (
        <>
          <div className="flex flex-col gap-2">
            <label className="flex items-center justify-between gap-3 text-sm text-fg">
              <span>
                {t("push.quiet")}
                <span className="block text-xs text-fg-muted">{t("push.quietHint")}</span>
              </span>
              <Switch
                checked={quiet.on}
                onCheckedChange={(on) => {
                  const next = { ...quiet, on };
                  setQuiet(next);
                  if (!on) void saveQuiet(next);
                }}
                aria-label={t("push.quiet")}
              />
            </label>
            {quiet.on ? (
              <div className="flex flex-wrap items-end gap-2">
                <label className="flex flex-col gap-1 text-xs text-fg-muted">
                  {t("push.from")}
                  <Input type="time" value={quiet.from} onChange={(e) => setQuiet({ ...quiet, from: e.target.value })} className="w-28" />
                </label>
                <label className="flex flex-col gap-1 text-xs text-fg-muted">
                  {t("push.to")}
                  <Input type="time" value={quiet.to} onChange={(e) => setQuiet({ ...quiet, to: e.target.value })} className="w-28" />
                </label>
                <Button variant="outline" size="sm" onClick={() => void saveQuiet()}>
                  {t("push.saveQuiet")}
                </Button>
              </div>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-xs text-fg-muted">{t("push.devices", { count: settings.devices.length })}</span>
            <Button variant="outline" size="sm" onClick={() => void test()} disabled={!enabled}>
              {t("push.test")}
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
