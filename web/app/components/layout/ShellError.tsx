import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { APP_ROUTE_ID, type AppLoaderData } from "../../lib/session-user";
import { AppShell } from "../shell/AppShell";
import { buttonClasses } from "../ui/Button";
import { EmptyState } from "../ui/EmptyState";
import { Card, PageFrame } from "./Page";

/** The error state of a private page; inside the shell whenever the shell's own data loaded. */
export function ShellError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const data = useRouteLoaderData(APP_ROUTE_ID) as AppLoaderData | undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  const content = (
    <PageFrame>
      <Card>
        <EmptyState
          icon={TriangleAlert}
          title={notFound ? t("comingSoon.notFoundTitle") : t("errors.unknown")}
          action={
            <Link to="/tickets" reloadDocument className={buttonClasses("outline", "sm")}>
              {t("comingSoon.goHome")}
            </Link>
          }
        />
      </Card>
    </PageFrame>
  );
  return data ? <AppShell data={data}>{content}</AppShell> : content;
}
