import { Swiper, type SwiperRef } from 'antd-mobile';
import '../../app/antdMobile';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useBrandQuery } from '../../api/dict';
import { paths } from '../../app/paths';
import { BrandMark } from '../../components/BrandMark';
import { Button } from '../../components/Button';
import { Figures } from '../../components/Figures';
import { Icon, type IconName } from '../../components/Icon';
import { LanguageButton } from '../../components/LanguageSheet';
import { readStorage, StorageKey, writeStorage } from '../../lib/storage';

interface Slide {
  key: string;
  icon: IconName;
  title: string;
  text: string;
  extra?: ReactNode;
}

/**
 * The entry route. At first launch: a few slides about the product, then home (replacing, so
 * back never returns here). Once finished, the entry goes straight home.
 */
export function GuidePage() {
  const [launched] = useState(() => readStorage(StorageKey.launched) !== null);
  if (launched) return <Navigate to={paths.home()} replace />;
  return <Guide />;
}

function Guide() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { brand } = useBrandQuery();
  const swiper = useRef<SwiperRef>(null);
  const [index, setIndex] = useState(0);

  const slides: Slide[] = [
    {
      key: 'welcome',
      icon: 'market',
      title: t('guide.welcomeTitle', { brand: brand.name }),
      text: brand.tagline ?? t('guide.welcomeText'),
      extra: <p className="guide-slide__note">{t('guide.welcomeMarkets')}</p>,
    },
    {
      key: 'reach',
      icon: 'globe',
      title: t('guide.reachTitle'),
      text: t('guide.reachText'),
      extra: <Figures variant="hero" />,
    },
    { key: 'simulated', icon: 'pulse', title: t('guide.simulatedTitle'), text: t('guide.simulatedText') },
    { key: 'trust', icon: 'shield', title: t('guide.trustTitle'), text: t('guide.trustText') },
  ];
  const last = index === slides.length - 1;

  // Track the index here so quick taps each move one slide, even while the previous swipe still animates.
  const goTo = (next: number) => {
    setIndex(next);
    swiper.current?.swipeTo(next);
  };

  const finish = () => {
    writeStorage(StorageKey.launched, '1');
    navigate(paths.home(), { replace: true });
  };

  return (
    <div className="page guide">
      <header className="guide__top">
        <div className="guide__brand">
          <BrandMark size={32} />
          <span>{brand.name}</span>
        </div>
        <div className="guide__actions">
          <LanguageButton />
          {!last && (
            <button type="button" className="icon-button" onClick={finish}>
              {t('guide.skip')}
            </button>
          )}
        </div>
      </header>
      <Swiper ref={swiper} className="guide__swiper" indicator={() => null} onIndexChange={setIndex} stuckAtBoundary>
        {slides.map((slide, i) => (
          <Swiper.Item key={slide.key}>
            <section className="guide-slide" aria-hidden={i !== index}>
              <div className="guide-slide__art" aria-hidden="true">
                <div className="guide-slide__halo" />
                <div className="guide-slide__icon">
                  <Icon name={slide.icon} size={44} strokeWidth={1.5} />
                </div>
              </div>
              <h1 className="guide-slide__title">{slide.title}</h1>
              <p className="guide-slide__text">{slide.text}</p>
              {slide.extra}
            </section>
          </Swiper.Item>
        ))}
      </Swiper>
      <footer className="guide__footer">
        <div
          className="guide__dots"
          role="img"
          aria-label={t('guide.progress', { current: index + 1, total: slides.length })}
        >
          {slides.map((slide, i) => (
            <span key={slide.key} className={`guide__dot${i === index ? ' guide__dot--active' : ''}`} />
          ))}
        </div>
        <Button block color="primary" size="large" onClick={() => (last ? finish() : goTo(index + 1))}>
          {last ? t('guide.start') : t('guide.next')}
        </Button>
      </footer>
    </div>
  );
}
