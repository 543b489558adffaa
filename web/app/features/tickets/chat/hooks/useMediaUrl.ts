import { useEffect, useRef, useState } from "react";
import { fetchBlob } from "../api";

/**
 * An object URL for media of our API (fetched with the session cookie; never a public URL), loaded once the
 * element is near the viewport and revoked when it unmounts.
 */
export function useMediaUrl(url: string | null, enabled = true) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!url || !enabled) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setFailed(false);
    fetchBlob(url, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setSrc(null);
    };
  }, [url, enabled]);
  return { src, failed, loading: !!url && enabled && !src && !failed };
}

/** True once the element has come within 300 px of the viewport (and stays true). */
export function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: "300px" });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}
