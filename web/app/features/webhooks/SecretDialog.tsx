import { BookOpen, KeyRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { CopyField } from "../../components/ui/CopyField";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import "./texts";

/** Where the public API's reference (OpenAPI, with "try it") is served. */
export const API_REFERENCE_PATH = "/api/docs";

/**
 * A signing secret, the one time it is shown (a new webhook, a rotated secret): copy it, and how a receiver checks
 * each call with it.
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t("webhooks.secret.title")} size="md" modalLock>
        <DialogBody className="flex flex-col gap-4">
          <p className="flex items-start gap-2 rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-fg">
            <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t("webhooks.secret.once")}
          </p>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="webhook-secret" className="text-sm font-medium">
              {t("webhooks.secret.label")}
            </label>
            <div data-testid="webhook-secret">
              <CopyField id="webhook-secret" value={secret ?? ""} label={t("webhooks.secret.label")} copyLabel={t("webhooks.secret.copy")} copiedMessage={t("webhooks.secret.copied")} />
            </div>
          </div>
          <section aria-labelledby="webhook-verify" className="flex flex-col gap-1.5">
            <h3 id="webhook-verify" className="text-sm font-medium">
              {t("webhooks.secret.verify")}
            </h3>
            <ol className="list-decimal space-y-1 pl-5 text-xs text-muted [&_code]:font-mono">
              <li>{t("webhooks.secret.step1")}</li>
              <li>{t("webhooks.secret.step2")}</li>
              <li>{t("webhooks.secret.step3")}</li>
            </ol>
            <a href={API_REFERENCE_PATH} target="_blank" rel="noreferrer" className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-text hover:underline">
              <BookOpen className="size-4" aria-hidden />
              {t("webhooks.reference")}
            </a>
          </section>
        </DialogBody>
        <DialogFooter>
          <Button onClick={onClose}>{t("webhooks.secret.done")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
