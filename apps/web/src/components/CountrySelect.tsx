import { Popup, SearchBar } from 'antd-mobile';
import '../app/antdMobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreasQuery } from '../api/user';
import { Icon } from './Icon';
import { QueryBoundary } from './States';

interface CountrySelectProps {
  id?: string;
  value?: string;
  onChange?: (code: string) => void;
  placeholder?: string;
}

/** Country picker over GET /areaInfo/list: a searchable sheet; the value is the ISO code. */
export function CountrySelect({ id, value, onChange, placeholder }: CountrySelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const areas = useAreasQuery();
  const selected = areas.data?.find((a) => a.code === value);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = areas.data ?? [];
    if (!q) return list;
    return list.filter((a) => a.name.toLowerCase().includes(q) || a.code.toLowerCase() === q || a.dialCode.includes(q));
  }, [areas.data, search]);

  return (
    <>
      <button
        id={id}
        type="button"
        className={`select-trigger${selected ? '' : ' select-trigger--empty'}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span>{selected ? selected.name : value || placeholder || t('country.placeholder')}</span>
        <Icon name="chevron" size={18} />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="sheet"
        destroyOnClose
      >
        <div role="dialog" aria-modal="true" aria-label={t('country.title')}>
          <div className="sheet__header">
            <h2 className="sheet__title">{t('country.title')}</h2>
            <button type="button" className="sheet__close" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </button>
          </div>
          <div className="sheet__search">
            <SearchBar placeholder={t('country.search')} value={search} onChange={setSearch} />
          </div>
          <div className="sheet__body">
            <QueryBoundary
              query={areas}
              empty={() => shown.length === 0}
              emptyView={<p className="sheet__empty">{t('country.none')}</p>}
            >
              {() => (
                <ul className="option-list">
                  {shown.map((area) => (
                    <li key={area.code}>
                      <button
                        type="button"
                        className={`option-list__item${area.code === value ? ' option-list__item--active' : ''}`}
                        aria-pressed={area.code === value}
                        onClick={() => {
                          onChange?.(area.code);
                          setOpen(false);
                          setSearch('');
                        }}
                      >
                        <span className="option-list__label">{area.name}</span>
                        <span className="option-list__meta">{area.dialCode}</span>
                        {area.code === value && <Icon name="check" size={18} />}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </QueryBoundary>
          </div>
        </div>
      </Popup>
    </>
  );
}
