/** A shared location: body "image|link|description" (spec 000 section 3). */
export interface SharedLocation {
  /** A data: image of the map, when the body carries one (never fetched from elsewhere). */
  image: string | null;
  /** An http(s) map link, when present. */
  link: string | null;
  description: string;
}

export function parseLocation(body: string): SharedLocation {
  const [image = "", link = "", ...rest] = body.split("|");
  const safeLink = /^https?:\/\//i.test(link.trim()) ? link.trim() : null;
  const safeImage = /^data:image\/(png|jpe?g|webp|gif);base64,/i.test(image.trim()) ? image.trim() : null;
  return { image: safeImage, link: safeLink, description: rest.join("|").trim() };
}
