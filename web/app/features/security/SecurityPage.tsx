import { KeyRound, ShieldAlert, ShieldCheck } from "lucide-react";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { twoFactorCodeInput, type TwoFactorEnrolmentView, type TwoFactorStatusView } from "../../../../worker/contracts/twoFactor";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { CopyField } from "../../components/ui/CopyField";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { ApiError } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { describeErrorCode } from "../../lib/errors";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { QrImage } from "../connections/QrImage";
import { confirmEnrolment, disableTwoFactor, endSession, listSignIns, regenerateRecoveryCodes, startEnrolment, twoFactorStatus, type SignInRow } from "./api";
import "./texts";

/**
 * /security: the user's own two-factor sign-in (turn on with a QR code and a first code, recovery codes shown once,
 * new codes or turning off with a current code) and their recent sign-ins, with the control to end another live
 * session. A user whose company requires two-factor and who has not turned it on is sent here and nowhere else.
 */
export function SecurityPage() {
  const { t } = useTranslation();
  return (
    <PageFrame className="max-w-4xl">
      <PageHeader title={t("security.title")} />
      <TwoFactorCard />
      <SignInHistory />
    </PageFrame>
  );
}

function TwoFactorCard() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TwoFactorStatusView | null>(null);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolmentView | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<"disable" | "regenerate" | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => twoFactorStatus().then(setStatus, () => toast.error(t("security.loadFailed"))), [t]);
  useEffect(() => void load(), [load]);

  const begin = async () => {
    setBusy(true);
    try {
      setEnrolment(await startEnrolment());
    } catch (err) {
      showError(err, t);
    } finally {
      setBusy(false);
    }
  };

  if (codes) {
    return (
      <Card className="flex flex-col gap-4 p-5">
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            // Enrolment done: a user sent here to enrol may now go anywhere (the shell reads the session again).
            if (status?.required && !status.enabled) window.location.assign("/tickets");
            else void load();
          }}
        />
      </Card>
    );
  }

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          {status?.enabled ? <ShieldCheck className="mt-0.5 size-5 shrink-0 text-brand-text" aria-hidden /> : <ShieldAlert className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden />}
          <div>
            <h2 className="flex items-center gap-2 font-semibold">
              {t("security.twoFactorTitle")}
              {status ? (
                <span
                  data-testid="two-factor-state"
                  className={status.enabled ? "rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-text" : "rounded-full bg-surface-3 px-2 py-0.5 text-xs font-medium text-muted"}
                >
                  {status.enabled ? t("security.on") : t("security.off")}
                </span>
              ) : null}
            </h2>
            <p className="mt-1 text-sm text-muted">{t("security.twoFactorIntro")}</p>
          </div>
        </div>
        {status && !status.enabled && !enrolment ? (
          <Button onClick={() => void begin()} loading={busy} className="w-full sm:w-auto">
            {t("security.enable")}
          </Button>
        ) : null}
      </div>
      {status?.required && !status.enabled ? (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-fg">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t("security.requiredNote")}
        </p>
      ) : null}
      {enrolment ? (
        <Enrolment
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onConfirmed={(recoveryCodes) => {
            toast.success(t("security.enabled"));
            setEnrolment(null);
            setCodes(recoveryCodes);
          }}
        />
      ) : null}
      {status?.enabled ? (
        <div className="flex flex-col gap-3 border-t border-line pt-4">
          <p className="flex items-center gap-2 text-sm text-muted">
            <KeyRound className="size-4" aria-hidden />
            {t("security.recoveryLeft", { count: status.recoveryCodesLeft })}
          </p>
          {action ? (
            <CodeForm
              id={`two-factor-${action}`}
              hint={action === "disable" ? t("security.disableHint") : t("security.regenerateHint")}
              submitLabel={action === "disable" ? t("security.disable") : t("security.regenerate")}
              danger={action === "disable"}
              onCancel={() => setAction(null)}
              onSubmit={async (code) => {
                if (action === "disable") {
                  await disableTwoFactor(code);
                  toast.success(t("security.disabled"));
                  setAction(null);
                  await load();
                } else {
                  const fresh = await regenerateRecoveryCodes(code);
                  setAction(null);
                  setCodes(fresh.recoveryCodes);
                }
              }}
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setAction("regenerate")} className="w-full sm:w-auto">
                {t("security.regenerate")}
              </Button>
              {status.required ? null : (
                <Button variant="outline" onClick={() => setAction("disable")} className="w-full text-danger sm:w-auto">
                  {t("security.disable")}
                </Button>
              )}
            </div>
          )}
        </div>
      ) : null}
    </Card>
  );
}

function Enrolment({ enrolment, onCancel, onConfirmed }: { enrolment: TwoFactorEnrolmentView; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5 border-t border-line pt-4 md:grid-cols-[auto_1fr]">
      <div className="flex flex-col items-center gap-2">
        <h3 className="self-start text-sm font-semibold">{t("security.scanTitle")}</h3>
        <QrImage value={enrolment.uri} label={t("security.qrLabel")} />
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <p className="text-sm text-muted">{t("security.orType")}</p>
          <div data-testid="two-factor-secret" data-uri={enrolment.uri}>
            <CopyField value={enrolment.secret} label={t("security.secretLabel")} copyLabel={t("security.copy")} copiedMessage={t("security.copied")} />
          </div>
        </div>
        <h3 className="text-sm font-semibold">{t("security.confirmTitle")}</h3>
        <CodeForm
          id="two-factor-confirm"
          submitLabel={t("security.confirm")}
          onCancel={onCancel}
          onSubmit={async (code) => onConfirmed((await confirmEnrolment(code)).recoveryCodes)}
        />
      </div>
    </div>
  );
}

/** Six digits of the app, checked with the API's own contract before they are sent. */
function CodeForm({
  id,
  hint,
  submitLabel,
  danger,
  onCancel,
  onSubmit,
}: {
  id: string;
  hint?: string;
  submitLabel: string;
  danger?: boolean;
  onCancel: () => void;
  onSubmit: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = twoFactorCodeInput.safeParse({ code: value });
    if (!parsed.success) return setError(t("security.invalidCode"));
    setBusy(true);
    setError(null);
    try {
      await onSubmit(parsed.data.code);
    } catch (err) {
      setError(err instanceof ApiError && err.code ? describeErrorCode(err.code, t) : t("security.loadFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
      <Field id={id} label={t("security.code")} error={error} hint={hint} className="max-w-56">
        <Input
          id={id}
          name="code"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          invalid={!!error}
          aria-describedby={describedBy(id, error, hint)}
          className="font-mono tracking-widest"
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={danger ? "danger" : "primary"} loading={busy} className="w-full sm:w-auto">
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} className="w-full sm:w-auto">
          {t("security.cancel")}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success(t("security.copied"));
    } catch {
      // no clipboard permission: the codes are selectable
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <h2 className="flex items-center gap-2 font-semibold">
        <KeyRound className="size-5 text-brand-text" aria-hidden />
        {t("security.recoveryTitle")}
      </h2>
      <p className="text-sm text-muted">{t("security.recoveryIntro")}</p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 rounded-lg bg-surface-2 p-4 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()} className="w-full sm:w-auto">
          {t("security.copyCodes")}
        </Button>
        <Button onClick={onDone} className="w-full sm:w-auto">
          {t("security.recoveryDone")}
        </Button>
      </div>
    </div>
  );
}

function SignInHistory() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const [rows, setRows] = useState<SignInRow[] | null>(null);
  const load = useCallback(() => listSignIns().then(setRows, () => toast.error(t("security.loadFailed"))), [t]);
  useEffect(() => void load(), [load]);
  const end = async (row: SignInRow) => {
    try {
      await endSession(row.sessionId!);
      toast.success(t("security.sessionEnded"));
    } catch (err) {
      showError(err, t);
    }
    await load();
  };
  const statusOf = (row: SignInRow) =>
    row.outcome === "wrongPassword" ? t("security.wrongPassword") : row.outcome === "wrongCode" ? t("security.wrongCode") : row.current ? t("security.thisSession") : row.live ? t("security.live") : t("security.ended");
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div>
        <h2 className="font-semibold">{t("security.historyTitle")}</h2>
        <p className="mt-1 text-sm text-muted">{t("security.historyIntro")}</p>
      </div>
      {rows && rows.length === 0 ? <p className="text-sm text-muted">{t("security.historyEmpty")}</p> : null}
      <ul data-testid="sign-ins" className="divide-y divide-line">
        {(rows ?? []).map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
            <div className="min-w-0">
              <p className="font-medium">{row.device ?? t("security.unknownDevice")}</p>
              <p className="text-xs text-muted">
                {formatDateTime(row.createdAt, i18n.language, user.company.timezone)} · {row.ip ?? "—"}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <span
                className={
                  row.outcome !== "ok"
                    ? "rounded-full bg-danger-soft px-2 py-0.5 text-xs font-medium text-danger"
                    : row.current || row.live
                      ? "rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-text"
                      : "rounded-full bg-surface-3 px-2 py-0.5 text-xs font-medium text-muted"
                }
              >
                {statusOf(row)}
              </span>
              {row.live && !row.current && row.sessionId ? (
                <Button size="sm" variant="outline" onClick={() => void end(row)}>
                  {t("security.endSession")}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <p className="text-xs text-subtle">{t("security.oneSessionNote")}</p>
    </Card>
  );
}

function showError(err: unknown, t: TFunction) {
  if (err instanceof ApiError && err.handled) return;
  toast.error(err instanceof ApiError && err.code ? describeErrorCode(err.code, t) : t("security.loadFailed"));
}
