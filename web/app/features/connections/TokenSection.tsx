import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { CopyField } from "../../components/ui/CopyField";
import { InsetPanel } from "../../components/ui/InsetPanel";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { generateToken, revokeToken } from "./api";
import type { Connection } from "./types";
import "./texts";

/**
 * The connection's external-API token. The server keeps only its hash, so a new token is shown here once,
 * with a copy button, and never again; generating another replaces it, revoking removes it.
 */
export function TokenSection({ connection, onChanged }: { connection: Connection | null; onChanged: (connection: Connection) => void }) {
  const { t } = useTranslation();
  const [hasToken, setHasToken] = useState(connection?.hasToken ?? false);
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<"regenerate" | "revoke" | null>(null);

  const generate = async () => {
    if (!connection) return;
    setBusy(true);
    try {
      const { token, whatsapp } = await generateToken(connection.id);
      setShown(token);
      setHasToken(true);
      onChanged(whatsapp);
      toast.success(t("connections.token.generated"));
    } catch (err) {
      toastError(err);
      throw err;
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    if (!connection) return;
    try {
      onChanged(await revokeToken(connection.id));
      setShown(null);
      setHasToken(false);
      toast.success(t("connections.token.revoked"));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };
  return (
    <InsetPanel id="connection-token-title" icon={KeyRound} title={t("connections.token.title")} description={t("connections.token.description")}>
      {!connection ? (
        <p className="text-sm text-muted">{t("connections.token.saveFirst")}</p>
      ) : (
        <>
          {shown ? (
            <div className="flex flex-col gap-1.5">
              <CopyField key={shown} value={shown} label={t("connections.token.title")} copyLabel={t("connections.token.copy")} copiedMessage={t("connections.token.copied")} />
              <p role="status" className="text-xs font-medium text-warning-fg">
                {t("connections.token.shownOnce")}
              </p>
            </div>
          ) : (
            <p className="text-sm text-muted">{hasToken ? t("connections.token.active") : t("connections.token.none")}</p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" loading={busy} onClick={() => (hasToken ? setConfirming("regenerate") : void generate().catch(() => undefined))}>
              {hasToken ? t("connections.token.regenerate") : t("connections.token.generate")}
            </Button>
            {hasToken ? (
              <Button size="sm" variant="ghost" className="text-danger" onClick={() => setConfirming("revoke")} disabled={busy}>
                {t("connections.token.revoke")}
              </Button>
            ) : null}
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === "revoke" ? t("connections.token.revokeTitle") : t("connections.token.regenerateTitle")}
        message={confirming === "revoke" ? t("connections.token.revokeMessage") : t("connections.token.regenerateMessage")}
        confirmLabel={confirming === "revoke" ? t("connections.token.revoke") : t("connections.token.regenerate")}
        onConfirm={confirming === "revoke" ? revoke : generate}
      />
    </InsetPanel>
  );
}
