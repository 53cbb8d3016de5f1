import { useId, useState } from 'react';

export type DayCount = { date: string; views: number };

// The plot is stretched to its box (no text inside it, so nothing is distorted): the labels are HTML.
const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 8, right: 0, bottom: 0, left: 0 };
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' });

const dayLabel = (date: string, format = dayFormat) => format.format(new Date(`${date}T00:00:00Z`));
const listensText = (views: number) => `${views} ${views === 1 ? 'listen' : 'listens'}`;

/** A y-axis top that is a round number at or above the largest day, so its gridline means something. */
function axisTop(largest: number): number {
  if (largest <= 4) return Math.max(1, largest);
  const step = 10 ** Math.floor(Math.log10(largest));
  return Math.ceil(largest / step) * step;
}

/**
 * Listens per day as an inline SVG bar chart: a titled image for screen readers (with the
 * total in its description), each bar titled with its day and count, and the same numbers as a
 * table behind a toggle, for anyone who would rather read than look.
 */
export function ListensChart({ days, title }: { days: DayCount[]; title: string }) {
  const titleId = useId();
  const descriptionId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const total = days.reduce((sum, day) => sum + day.views, 0);
  const top = axisTop(Math.max(0, ...days.map((day) => day.views)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure className="listens-chart">
      <div className="listens-chart__plot">
        <span className="listens-chart__tick listens-chart__tick--top" aria-hidden="true">
          {top}
        </span>
        <span className="listens-chart__tick listens-chart__tick--zero" aria-hidden="true">
          0
        </span>
        <svg
          className="listens-chart__svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-labelledby={`${titleId} ${descriptionId}`}
        >
          <title id={titleId}>{title}</title>
          <desc id={descriptionId}>
            {first && last
              ? `${listensText(total)} from ${dayLabel(first.date, longDayFormat)} to ${dayLabel(last.date, longDayFormat)}.`
              : 'No days yet.'}
          </desc>
          <line className="listens-chart__grid" x1={0} x2={WIDTH} y1={PAD.top} y2={PAD.top} vectorEffect="non-scaling-stroke" />
          <line className="listens-chart__axis" x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} vectorEffect="non-scaling-stroke" />
          {days.map((day, index) => {
            const height = (day.views / top) * plotHeight;
            return (
              <rect
                key={day.date}
                className="listens-chart__bar"
                data-date={day.date}
                data-views={day.views}
                x={PAD.left + index * slot + (slot - barWidth) / 2}
                y={HEIGHT - PAD.bottom - height}
                width={barWidth}
                height={height}
              >
                <title>{`${dayLabel(day.date, longDayFormat)}: ${listensText(day.views)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="listens-chart__days" aria-hidden="true">
        <span className="listens-chart__tick">{first ? dayLabel(first.date) : null}</span>
        <span className="listens-chart__tick">{last && last !== first ? dayLabel(last.date) : null}</span>
      </div>
      <figcaption className="listens-chart__caption">
        <button
          type="button"
          className="listens-chart__toggle"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable(!showTable)}
        >
          {showTable ? 'Hide the numbers' : 'Show as a table'}
        </button>
      </figcaption>
      <div id={tableId} hidden={!showTable} className="listens-chart__table-frame">
        <table className="listens-chart__table">
          <caption className="vk-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Listens</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabel(day.date, longDayFormat)}</th>
                <td>{day.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
