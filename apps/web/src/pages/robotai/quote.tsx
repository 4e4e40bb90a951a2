/**
 * robotai/quote (query: name, code, source 100): a crypto pair's quote for the robots, the quote screen of every
 * market with, in place of an order ticket, the robots that trade the pair.
 */
import type { Quote } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRobotsQuery } from '../../api/robots';
import { paths } from '../../app/paths';
import { Icon } from '../../components/Icon';
import { QuoteScreen } from '../../components/market/QuoteScreen';
import { useRobotName } from '../../components/robots/RobotParts';
import '../market/market.css';

function PairRobots({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const robots = useRobotsQuery();
  const name = useRobotName();
  const trading = robots.data?.list.filter((r) => r.pairs.includes(quote.stock_code)) ?? [];
  return (
    <div className="crypto-footer" data-testid="pair-robots">
      <p>{t('robots.pairRobots', { name: quote.name })}</p>
      {robots.isSuccess && trading.length === 0 && <p>{t('robots.noPairRobots')}</p>}
      {trading.map((robot) => (
        <Link
          key={robot.id}
          to={paths.robotProduct({ id: robot.id })}
          className="link-card"
          data-testid="pair-robot"
          data-code={robot.code}
        >
          <span>
            <strong>{name(robot)}</strong>
            <small>{robot.code}</small>
          </span>
          <Icon name="chevron" size={18} />
        </Link>
      ))}
    </div>
  );
}

export function RobotaiQuotePage() {
  return <QuoteScreen defaultSource={100} cryptoFooter={(quote) => <PairRobots quote={quote} />} />;
}
