import { Skeleton } from "../../components/ui/Spinner";

/** The calendar's place while the page hydrates and its code loads. */
export function ScheduleCalendarSkeleton() {
  return (
    <div className="p-4" aria-hidden>
      <Skeleton className="h-[500px] w-full" />
    </div>
  );
}
