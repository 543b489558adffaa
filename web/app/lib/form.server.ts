/**
 * The form a page action was sent. A body that is not a readable form (a broken multipart, JSON, text) is the
 * sender's mistake: it answers 400 with the route's error page, not a 500. (Another site's page never gets this
 * far: worker/server.ts refuses a page POST whose Origin is not ours.)
 */
export async function actionForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400 });
  }
}
