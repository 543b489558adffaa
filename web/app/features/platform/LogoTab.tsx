import { useRevalidator } from "@remix-run/react";
import { ImageUp, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { BrandMark } from "../../components/shell/BrandLogo";
import { cn } from "../../components/ui/cn";
import { ApiError } from "../../lib/api";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { AttachmentField } from "../quickMessages/AttachmentField";
import { listLogos, removeLogo, uploadLogo, type LogoKind, type LogoUrls } from "./api";

const KINDS: LogoKind[] = ["light", "dark", "favicon"];
const ACCEPT = "image/png,image/svg+xml,image/x-icon,image/vnd.microsoft.icon,.ico,.png,.svg";
const MAX_BYTES = 512 * 1024;

/** Logo (super users): the light, dark and favicon images, each uploaded to R2 and shown at once. */
export function LogoTab() {
  const { t } = useTranslation();
  const [logos, setLogos] = useState<LogoUrls | null>(null);
  const [files, setFiles] = useState<Partial<Record<LogoKind, File>>>({});
  const [errors, setErrors] = useState<Partial<Record<LogoKind, string>>>({});
  const [busy, setBusy] = useState<LogoKind | null>(null);
  // The menu's logo and the favicon come from the root loader: read it again so they change at once, not on a reload.
  const revalidator = useRevalidator();

  useEffect(() => {
    listLogos().then(setLogos).catch(toastError);
  }, []);

  async function send(kind: LogoKind) {
    const file = files[kind];
    let error: string | undefined;
    if (!file) error = t("platform.logo.fileRequired");
    else if (!/\.(png|svg|ico)$/i.test(file.name)) error = t("platform.logo.wrongType");
    else if (file.size > MAX_BYTES) error = t("platform.logo.tooBig");
    setErrors((cur) => ({ ...cur, [kind]: error }));
    if (error || !file) return;
    setBusy(kind);
    try {
      const saved = await uploadLogo(kind, file);
      setLogos((cur) => (cur ? { ...cur, [kind]: saved.url } : cur));
      setFiles((cur) => ({ ...cur, [kind]: undefined }));
      revalidator.revalidate();
      toast.success(t("platform.logo.uploaded"));
    } catch (err) {
      if (err instanceof ApiError && err.fields.file) setErrors((cur) => ({ ...cur, [kind]: t("platform.logo.wrongType") }));
      else toastError(err);
    } finally {
      setBusy(null);
    }
  }

  async function reset(kind: LogoKind) {
    setBusy(kind);
    try {
      await removeLogo(kind);
      setLogos((cur) => (cur ? { ...cur, [kind]: null } : cur));
      revalidator.revalidate();
      toast.success(t("platform.logo.removed"));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">{t("platform.logo.intro")}</p>
      <div className="grid gap-4 md:grid-cols-3">
        {KINDS.map((kind) => {
          const url = logos?.[kind] ?? null;
          const inputId = `logo-${kind}`;
          return (
            <section key={kind} className="flex flex-col gap-3 rounded-xl border border-line p-4" aria-labelledby={`${inputId}-title`}>
              <h3 id={`${inputId}-title`} className="text-sm font-semibold">
                {t(`platform.logo.kinds.${kind}`)}
              </h3>
              <div className={cn("flex h-24 items-center justify-center rounded-lg border border-dashed border-line-strong", kind === "dark" ? "bg-[#111b21]" : "bg-white")}>
                {url ? (
                  <img src={url} alt={`${t("platform.logo.current")}: ${t(`platform.logo.kinds.${kind}`)}`} className="max-h-20 max-w-[90%] object-contain" data-logo-preview={kind} />
                ) : (
                  <span className={cn("flex items-center gap-2 text-xs", kind === "dark" ? "text-white/80" : "text-[#3b4a54]")}>
                    <BrandMark className="size-8" /> {t("platform.logo.builtIn")}
                  </span>
                )}
              </div>
              <AttachmentField
                id={inputId}
                label={t("platform.logo.choose")}
                hint={t("platform.logo.hint")}
                emptyText={t("platform.logo.noFile")}
                pendingText={(size) => t("platform.logo.pending", { size })}
                accept={ACCEPT}
                maxBytes={MAX_BYTES}
                current={null}
                change={files[kind] ? { kind: "replace", file: files[kind] } : { kind: "keep" }}
                onChange={(change) => {
                  setFiles((cur) => ({ ...cur, [kind]: change.kind === "replace" ? change.file : undefined }));
                  setErrors((cur) => ({ ...cur, [kind]: undefined }));
                }}
                error={errors[kind] ?? null}
                onError={(message) => setErrors((cur) => ({ ...cur, [kind]: message ?? undefined }))}
              />
              <div className="mt-auto flex flex-wrap gap-2">
                <Button size="sm" onClick={() => void send(kind)} loading={busy === kind} aria-label={`${t("platform.logo.upload")}: ${t(`platform.logo.kinds.${kind}`)}`}>
                  <ImageUp className="size-4" aria-hidden />
                  {t("platform.logo.upload")}
                </Button>
                {url ? (
                  <Button size="sm" variant="ghost" onClick={() => void reset(kind)} disabled={busy === kind}>
                    <RotateCcw className="size-4" aria-hidden />
                    {t("platform.logo.remove")}
                  </Button>
                ) : null}
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
