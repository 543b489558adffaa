import { Link } from "@remix-run/react";
import { Construction, SearchX, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PageId } from "../../lib/access";
import { pageMeta } from "../shell/menu";
import { buttonClasses } from "../ui/Button";
import { EmptyState } from "../ui/EmptyState";
import { PageHeader } from "./Page";

/** A page that is not built yet, not allowed, or does not exist — always inside the shell. */
export function ComingSoon({
  page,
  titleKey,
  state = "comingSoon",
}: {
  page: PageId | null;
  /** The menu's name of the page (titleKeyOfPath); else its access group's. */
  titleKey?: string | null;
  state?: "comingSoon" | "forbidden" | "notFound";
}) {
  const { t } = useTranslation();
  const meta = page ? pageMeta[page] : null;
  const title = !meta ? t("comingSoon.notFoundTitle") : t(titleKey ?? meta.labelKey);
  const home = (
    <Link to="/tickets" className={buttonClasses("outline", "sm")}>
      {t("comingSoon.goHome")}
    </Link>
  );
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader title={title} />
      <div className="rounded-2xl border border-line bg-surface shadow-panel">
        {state === "notFound" ? (
          <EmptyState icon={SearchX} title={t("comingSoon.notFoundTitle")} description={t("comingSoon.notFoundDescription")} action={home} />
        ) : state === "forbidden" ? (
          <EmptyState icon={ShieldAlert} title={t("comingSoon.forbiddenTitle")} description={t("comingSoon.forbiddenDescription")} action={home} />
        ) : (
          <EmptyState
            icon={meta?.icon ?? Construction}
            title={t("comingSoon.title")}
            description={t("comingSoon.description", { page: title })}
            className="py-20"
          />
        )}
      </div>
    </div>
  );
}
