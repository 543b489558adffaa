import type { FieldMetadata } from "@conform-to/react";
import { BadgeCheck, QrCode, Webhook } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { SwitchInput } from "../../components/form/SwitchInput";
import { cn } from "../../components/ui/cn";
import { CopyField } from "../../components/ui/CopyField";
import { InsetPanel } from "../../components/ui/InsetPanel";
import { describedBy, Field, Input, PasswordInput } from "../../components/ui/Input";
import type { CloudConnectionView } from "../../../../worker/contracts/views/whatsapp";
import type { WhatsappView } from "../../../../worker/contracts/views/whatsapp";
import "./texts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of the connection form
type Meta<Value> = FieldMetadata<Value, any, string[]>;
type Channel = WhatsappView["channel"];
const CHANNELS: Channel[] = ["baileys", "cloud"];

/**
 * The connection's kind, asked first when adding one: WhatsApp Web (QR code, the session host) or Meta's official
 * Cloud API. A saved connection keeps its kind (ADR 0050): it is shown, not asked.
 */
export function ChannelChoice({ meta, fixed }: { meta: Meta<string | undefined>; fixed?: Channel }) {
  const { t } = useTranslation();
  if (fixed) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <input type="hidden" name={meta.name} value={fixed} />
        <ChannelBadge channel={fixed} />
        <span className="text-xs text-subtle">{t("connections.kind.fixed")}</span>
      </div>
    );
  }
  const current = (meta.value as Channel | undefined) ?? "baileys";
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t("connections.kind.question")}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {CHANNELS.map((channel) => {
          const Icon = channel === "cloud" ? BadgeCheck : QrCode;
          return (
            <label
              key={channel}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors",
                current === channel ? "border-brand bg-brand-soft" : "border-line hover:bg-surface-2",
              )}
            >
              <input type="radio" name={meta.name} value={channel} defaultChecked={current === channel} className="mt-1 accent-[var(--color-brand)]" />
              <Icon className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{t(`connections.kind.${channel}`)}</span>
                <span className="block text-xs text-muted">{t(`connections.kind.${channel}Hint`)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** "API oficial" / "WhatsApp Web": which kind a connection is, on its row and in its dialog. */
export function ChannelBadge({ channel, className }: { channel: Channel; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-medium whitespace-nowrap",
        channel === "cloud" ? "bg-brand-soft text-brand-text" : "bg-surface-3 text-muted",
        className,
      )}
    >
      {t(`connections.kind.badge.${channel}`)}
    </span>
  );
}

export interface CloudFieldMetas {
  phoneNumberId: Meta<string | undefined>;
  wabaId: Meta<string | undefined>;
  accessToken: Meta<string | undefined>;
  ownApp: Meta<boolean | undefined>;
  appSecret: Meta<string | undefined>;
  verifyToken: Meta<string | undefined>;
}

/**
 * A Cloud API number's credentials (Meta's app dashboard, WhatsApp > API setup). Secrets are never filled in: on
 * an edit, empty keeps what is saved. The company's own Meta app is optional (without it, the platform's app).
 */
export function CloudCredentialFields({ fields, saved }: { fields: CloudFieldMetas; saved: CloudConnectionView | null }) {
  const { t } = useTranslation();
  const text = (name: "phoneNumberId" | "wabaId", hint: string) => {
    const field = fields[name];
    const error = field.errors?.[0];
    return (
      <Field id={field.id} label={t(`connections.cloud.${name}`)} error={error} hint={hint}>
        <Input
          id={field.id}
          name={field.name}
          key={field.key}
          defaultValue={field.initialValue}
          inputMode="numeric"
          autoComplete="off"
          invalid={!!error}
          aria-describedby={describedBy(field.id, error, hint)}
        />
      </Field>
    );
  };
  const secret = (name: "accessToken" | "appSecret" | "verifyToken", hint?: string) => {
    const field = fields[name];
    const error = field.errors?.[0];
    return (
      <Field id={field.id} label={t(`connections.cloud.${name}`)} error={error} hint={hint}>
        <PasswordInput id={field.id} name={field.name} key={field.key} autoComplete="new-password" invalid={!!error} aria-describedby={describedBy(field.id, error, hint)} />
      </Field>
    );
  };
  const ownApp = fields.ownApp.value === "on";
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("phoneNumberId", t("connections.cloud.phoneNumberIdHint"))}
        {text("wabaId", t("connections.cloud.wabaIdHint"))}
      </div>
      {secret("accessToken", saved ? t("connections.cloud.keepToken") : t("connections.cloud.accessTokenHint"))}
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={fields.ownApp.id} className="text-sm font-medium">
            {t("connections.cloud.ownApp")}
          </label>
          <p id={`${fields.ownApp.id}-hint`} className="text-xs text-subtle">
            {t("connections.cloud.ownAppHint")}
          </p>
        </div>
        {/* A number on its own app stays there (the API keeps the app when no secrets come): only its secrets change. */}
        <SwitchInput meta={fields.ownApp} disabled={saved?.ownApp === true} aria-describedby={`${fields.ownApp.id}-hint`} />
      </div>
      {ownApp ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {secret("appSecret", saved?.ownApp ? t("connections.cloud.keepSecret") : undefined)}
          {secret("verifyToken", saved?.ownApp ? t("connections.cloud.keepSecret") : t("connections.cloud.verifyTokenHint"))}
        </div>
      ) : null}
    </>
  );
}

/**
 * Where Meta must post the number's webhooks: the callback URL (this site and the connection's path) and which
 * verify token goes with it. Known once the connection is saved (a company's own app gets a path of its own).
 */
export function CloudWebhookInfo({ cloud, reveal = false }: { cloud: CloudConnectionView | null; reveal?: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  // Just connected: what to paste in Meta is the next step, so it is brought into view.
  useEffect(() => {
    if (reveal && cloud) ref.current?.scrollIntoView({ block: "center" });
  }, [reveal, cloud]);
  return (
    <InsetPanel
      ref={ref}
      id="cloud-webhook-title"
      icon={Webhook}
      title={t("connections.cloud.webhookTitle")}
      description={cloud ? (cloud.ownApp ? t("connections.cloud.webhookOwnApp") : t("connections.cloud.webhookPlatform")) : t("connections.cloud.webhookAfterSave")}
    >
      {cloud ? (
        <>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="cloud-callback-url" className="text-xs font-medium">
              {t("connections.cloud.callbackUrl")}
            </label>
            <CopyField
              id="cloud-callback-url"
              value={`${window.location.origin}${cloud.webhookPath}`}
              label={t("connections.cloud.callbackUrl")}
              copyLabel={t("connections.cloud.copyUrl")}
              copiedMessage={t("connections.cloud.urlCopied")}
            />
          </div>
          {cloud.ownApp ? <p className="text-xs text-muted">{t("connections.cloud.verifyTokenToUse")}</p> : null}
          <p className="text-xs text-muted">{t("connections.cloud.webhookFields")}</p>
        </>
      ) : null}
    </InsetPanel>
  );
}
