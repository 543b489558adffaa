import { IMAGE_QUALITY, isCompressibleImage } from "../rules/composer";

/**
 * Images are re-encoded at quality 0.7 before upload (spec 000 section 5). No web worker: the library's worker
 * would load its script from a CDN. The library is loaded only when an image is attached.
 */
export async function compressImage(file: File): Promise<File> {
  if (!isCompressibleImage(file.type)) return file;
  const { default: imageCompression } = await import("browser-image-compression");
  try {
    const blob = await imageCompression(file, { initialQuality: IMAGE_QUALITY, useWebWorker: false, maxSizeMB: 16, preserveExif: false });
    // A re-encode that came out larger than the original helps no one.
    return blob.size < file.size ? new File([blob], file.name, { type: blob.type || file.type, lastModified: file.lastModified }) : file;
  } catch {
    return file;
  }
}
