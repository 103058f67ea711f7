import { Search, SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PRIVACIES } from '../../../../common/constants';
import { LANGUAGES } from '../../../../common/languages';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import type { SearchParams } from '../api/search-pastes';

const PRIVACY_LABELS = {
  public: 'Public',
  unlisted: 'Unlisted',
  password: 'Password',
  shared: 'Shared',
} as const;
const FILTERS = ['author', 'team', 'tag', 'language', 'privacy', 'from', 'to'] as const;

/** The words, and the filters (shown when one is set or asked for); a search is made on submit. */
export function SearchForm({
  initial,
  onSearch,
}: {
  initial: SearchParams;
  onSearch(params: SearchParams): void;
}) {
  const [values, setValues] = useState<SearchParams>(initial);
  const [showFilters, setShowFilters] = useState(FILTERS.some((f) => initial[f]));
  const set = (field: keyof SearchParams) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onSearch(values);
  }

  return (
    <search>
      <form onSubmit={submit} className="space-y-4">
        <div className="flex gap-2">
          <Label htmlFor="search-q" className="sr-only">
            Words to search for
          </Label>
          <Input
            id="search-q"
            type="search"
            value={values.q ?? ''}
            onChange={set('q')}
            placeholder="Words in titles and text"
            // The screen is opened to search: the field is where typing goes.
            autoFocus
            maxLength={200}
          />
          <Button type="submit">
            <Search aria-hidden />
            Search
          </Button>
          <Button
            type="button"
            variant="outline"
            aria-expanded={showFilters}
            aria-controls="search-filters"
            onClick={() => setShowFilters((s) => !s)}
          >
            <SlidersHorizontal aria-hidden />
            <span className="hidden sm:inline">Filters</span>
            <span className="sr-only sm:hidden">Filters</span>
          </Button>
        </div>
        {showFilters ? (
          <div id="search-filters" className="grid gap-3 sm:grid-cols-3">
            <FilterField label="Author" id="search-author" value={values.author} onChange={set('author')} />
            <FilterField
              label="Team (its address)"
              id="search-team"
              value={values.team}
              onChange={set('team')}
            />
            <FilterField label="Tag" id="search-tag" value={values.tag} onChange={set('tag')} />
            <div className="space-y-1.5">
              <Label htmlFor="search-language">Language</Label>
              <NativeSelect id="search-language" value={values.language ?? ''} onChange={set('language')}>
                <option value="">Any</option>
                <option value="plaintext">Plain text</option>
                {LANGUAGES.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="search-privacy">Privacy</Label>
              <NativeSelect id="search-privacy" value={values.privacy ?? ''} onChange={set('privacy')}>
                <option value="">Any</option>
                {PRIVACIES.map((p) => (
                  <option key={p} value={p}>
                    {PRIVACY_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <FilterField
              label="Made from"
              id="search-from"
              type="date"
              value={values.from}
              onChange={set('from')}
            />
            <FilterField
              label="Made until"
              id="search-to"
              type="date"
              value={values.to}
              onChange={set('to')}
            />
          </div>
        ) : null}
      </form>
    </search>
  );
}

function FilterField(props: {
  label: string;
  id: string;
  value: string | undefined;
  type?: string;
  onChange(e: { target: { value: string } }): void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input id={props.id} type={props.type ?? 'text'} value={props.value ?? ''} onChange={props.onChange} />
    </div>
  );
}
