import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/Tabs";
import { ApiDocs } from "./ApiDocs";
import { TestSendForm } from "./TestSendForm";
import "./texts";

/** /messages-api (spec 002): how to call POST /api/messages/send, and forms to try it with a connection token. */
export function MessagesApiPage() {
  const { t } = useTranslation();
  const { origin } = useLoaderData<{ origin: string }>();
  return (
    <PageFrame className="max-w-4xl">
      <PageHeader title={t("messagesApi.title")} />
      <ApiDocs origin={origin} />
      <Card className="p-4 sm:p-6">
        <h2 className="text-base font-semibold">{t("messagesApi.test.title")}</h2>
        <Tabs defaultValue="text">
          <TabsList>
            <TabsTrigger value="text">{t("messagesApi.test.text")}</TabsTrigger>
            <TabsTrigger value="media">{t("messagesApi.test.media")}</TabsTrigger>
          </TabsList>
          <TabsContent value="text">
            <TestSendForm withFile={false} />
          </TabsContent>
          <TabsContent value="media">
            <TestSendForm withFile />
          </TabsContent>
        </Tabs>
      </Card>
    </PageFrame>
  );
}
