/** R2 keys of a chat's attachments, prefixed by company (media is served only to the owning company). */
export const chatMediaPrefix = (companyId: number, chatId: number) => `companies/${companyId}/chats/${chatId}/`;
export const chatMediaKey = (companyId: number, chatId: number, fileName: string) =>
  `${chatMediaPrefix(companyId, chatId)}${crypto.randomUUID()}/${fileName}`;

/** The API path an attachment is fetched from (never its storage key). */
export const chatMediaUrl = (chatId: number, messageId: number) => `/api/chats/${chatId}/messages/${messageId}/media`;

/** Removes every attachment of a deleted chat, a page of keys at a time. */
export async function deleteChatMedia(bucket: R2Bucket, companyId: number, chatId: number): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: chatMediaPrefix(companyId, chatId), cursor });
    if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
