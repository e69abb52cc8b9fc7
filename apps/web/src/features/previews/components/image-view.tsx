import { useRef, useState } from 'react';
import { Result } from '../../../components/result';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { isSideways } from '../lib/view-transform';
import type { Size } from '../lib/pdf-geometry';

/**
 * An image fitted into the frame, then scaled by `zoom` and turned by `rotation`
 * degrees; the scroll area follows the turned size. Give it `key={src}` so a new
 * image starts from its loading state.
 */
export function ImageView({ src, alt, zoom, rotation }: { src: string; alt: string; zoom: number; rotation: number }) {
  const { t } = useTranslation('previewer');
  const frame = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [fit, setFit] = useState(1);
  const [failed, setFailed] = useState(false);

  const onLoad = (event: React.SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    const size = { width: image.naturalWidth || 1, height: image.naturalHeight || 1 };
    const box = frame.current;
    const available = { width: (box?.clientWidth ?? 900) - 32, height: (box?.clientHeight ?? 600) - 32 };
    setFit(Math.min(1, available.width / size.width, available.height / size.height));
    setNatural(size);
  };

  const width = (natural?.width ?? 0) * fit * zoom;
  const height = (natural?.height ?? 0) * fit * zoom;
  const sideways = isSideways(rotation);
  const box = sideways ? { width: height, height: width } : { width, height };

  return (
    <div ref={frame} style={{ height: '100%', overflow: 'auto', background: '#e8eaed', display: 'grid', placeItems: 'center' }}>
      {failed && <Result status="warning" title={t('image.loadFailed')} />}
      {!natural && !failed && <PageSpinner minHeight="100%" />}
      <div style={{ position: 'relative', width: box.width, height: box.height, margin: 16, display: failed ? 'none' : undefined }}>
        <img
          src={src}
          alt={alt}
          onLoad={onLoad}
          onError={() => setFailed(true)}
          data-testid="image-preview"
          style={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            width: natural ? width : undefined,
            height: natural ? height : undefined,
            visibility: natural ? 'visible' : 'hidden',
            transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
            transition: 'transform 0.2s ease',
          }}
        />
      </div>
    </div>
  );
}
