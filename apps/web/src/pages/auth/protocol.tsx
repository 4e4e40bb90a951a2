import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBrandQuery } from '../../api/dict';
import { canGoBack } from '../../app/navigation';
import { Button } from '../../components/Button';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';

interface Section {
  title: string;
  body: string[];
}

/** The user agreement every registration consents to. */
export function ProtocolPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { brand } = useBrandQuery();
  const sections: Section[] = t('protocol.sections', { returnObjects: true, brand: brand.name });

  return (
    <Page
      footer={
        canGoBack() ? (
          <Button block color="primary" size="large" onClick={() => navigate(-1)}>
            {t('protocol.done')}
          </Button>
        ) : undefined
      }
    >
      <article className="legal">
        <h2 className="legal__title">{t('protocol.title', { brand: brand.name })}</h2>
        <p className="legal__meta">{t('protocol.updated')}</p>
        <SimulatedNotice />
        <p className="legal__intro">{t('protocol.intro', { brand: brand.name })}</p>
        {Array.isArray(sections) &&
          sections.map((section, index) => (
            <section key={section.title} className="legal__section">
              <h3>
                {index + 1}. {section.title}
              </h3>
              {section.body.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
      </article>
    </Page>
  );
}
