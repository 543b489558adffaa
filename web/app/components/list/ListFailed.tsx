import { Button } from "../ui/Button";

/** A list that could not be loaded, in the page (not a toast): what happened, and a retry when one can help. */
export function ListFailed({ message, retryLabel, onRetry }: { message: string; retryLabel?: string; onRetry?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <p className="text-sm text-muted">{message}</p>
      {onRetry && retryLabel ? (
        <Button variant="outline" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
