import type { Annotation, AnnotationStamp } from '@atrium/contracts';
import { TEXT_LINE_HEIGHT } from '../lib/annotation-geometry';

/** Opacity of highlighter strokes (the server flattens with the same). */
export const HIGHLIGHTER_OPACITY = 0.35;

function pointsAttribute(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}

/** Unit star (outer radius 1), y up. */
const STAR_POINTS = Array.from({ length: 10 }, (_, i) => {
  const radius = i % 2 === 0 ? 1 : 0.4;
  const angle = Math.PI / 2 - (i * Math.PI) / 5;
  return [Math.cos(angle) * radius, Math.sin(angle) * radius] as const;
});

/** A stamp's vector shape centred on (x, y), `size` points wide, in PDF space (y up), as the server draws it. */
export function StampShape({ stamp, x, y, size, color }: { stamp: AnnotationStamp; x: number; y: number; size: number; color: string }) {
  const half = size / 2;
  const thickness = Math.max(1, size * 0.12);
  switch (stamp) {
    case 'check':
      return (
        <polyline
          points={pointsAttribute([
            [x - half * 0.8, y],
            [x - half * 0.2, y - half * 0.6],
            [x + half * 0.9, y + half * 0.7],
          ])}
          fill="none"
          stroke={color}
          strokeWidth={thickness}
          strokeLinecap="round"
        />
      );
    case 'cross':
      return (
        <g stroke={color} strokeWidth={thickness} strokeLinecap="round">
          <line x1={x - half * 0.7} y1={y - half * 0.7} x2={x + half * 0.7} y2={y + half * 0.7} />
          <line x1={x - half * 0.7} y1={y + half * 0.7} x2={x + half * 0.7} y2={y - half * 0.7} />
        </g>
      );
    case 'star':
      return <polygon points={pointsAttribute(STAR_POINTS.map(([px, py]) => [x + px * half, y + py * half]))} fill={color} />;
    case 'question':
      return (
        <text
          transform={`translate(${x} ${y}) scale(1 -1)`}
          fontFamily="Helvetica, Arial, sans-serif"
          fontWeight="bold"
          fontSize={size}
          fill={color}
          textAnchor="middle"
          dominantBaseline="central"
        >
          ?
        </text>
      );
  }
}

/**
 * One annotation drawn in PDF space (the parent group carries the page's viewport transform).
 * Text and stamps are turned counter-clockwise by `rotation` (the page's shown rotation) about
 * their anchor, so they read upright as seen, as the server flattens them.
 */
export function AnnotationShape({ annotation, rotation = 0 }: { annotation: Annotation; rotation?: number }) {
  switch (annotation.type) {
    case 'pen':
    case 'highlighter': {
      const isHighlighter = annotation.type === 'highlighter';
      const [first] = annotation.points;
      const isDot = annotation.points.every(([x, y]) => first && x === first[0] && y === first[1]);
      return (
        <polyline
          data-annotation-id={annotation.id}
          data-annotation-type={annotation.type}
          // A stroke of one place is drawn as a dot (a zero-length line with a round cap).
          points={pointsAttribute(isDot && first ? [first, [first[0] + 0.01, first[1]]] : annotation.points)}
          fill="none"
          stroke={annotation.color}
          strokeWidth={annotation.width}
          strokeLinecap={isHighlighter ? 'square' : 'round'}
          strokeLinejoin="round"
          opacity={isHighlighter ? HIGHLIGHTER_OPACITY : 1}
          style={isHighlighter ? { mixBlendMode: 'multiply' } : undefined}
        />
      );
    }
    case 'text':
      return (
        <text
          data-annotation-id={annotation.id}
          data-annotation-type="text"
          transform={`translate(${annotation.x} ${annotation.y}) rotate(${rotation}) scale(1 -1)`}
          fontSize={annotation.size}
          fill={annotation.color}
          fontFamily="Helvetica, Arial, 'Noto Sans CJK SC', 'PingFang TC', 'Microsoft JhengHei', sans-serif"
          style={{ whiteSpace: 'pre' }}
        >
          {annotation.text.split('\n').map((line, index) => (
            <tspan key={index} x={0} dy={index === 0 ? 0 : annotation.size * TEXT_LINE_HEIGHT}>
              {line || ' '}
            </tspan>
          ))}
        </text>
      );
    case 'stamp':
      return (
        <g
          data-annotation-id={annotation.id}
          data-annotation-type="stamp"
          transform={rotation ? `rotate(${rotation} ${annotation.x} ${annotation.y})` : undefined}
        >
          <StampShape stamp={annotation.stamp} x={annotation.x} y={annotation.y} size={annotation.size} color={annotation.color} />
        </g>
      );
  }
}
