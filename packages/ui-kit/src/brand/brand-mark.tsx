import './brand-mark.css';

/** The product's mark, a microphone in a rounded square, with the name unless `compact`. */
export function BrandMark({ compact = false, size = 28 }: { compact?: boolean; size?: number }) {
  return (
    <span className="vk-brand-mark">
      <svg width={size} height={size} viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <rect width="28" height="28" rx="8" fill="var(--vk-color-primary)" />
        <rect x="11" y="6" width="6" height="11" rx="3" fill="var(--vk-color-on-primary)" />
        <path
          d="M8.5 13.5a5.5 5.5 0 0 0 11 0M14 19v3"
          stroke="var(--vk-color-on-primary)"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      {compact ? null : <span className="vk-brand-mark__name">Vocal</span>}
    </span>
  );
}
