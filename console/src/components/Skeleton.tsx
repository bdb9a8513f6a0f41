// Grey placeholder lines where a section's data will be, so a page keeps its shape while it loads.
export function Skeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div className="skeleton" role="status" aria-busy="true" aria-label={label} data-testid="skeleton">
      {Array.from({ length: lines }, (_, i) => <span key={i} className="skeleton-line" style={{ width: `${90 - i * 15}%` }} />)}
    </div>
  );
}
