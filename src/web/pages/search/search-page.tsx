import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/layouts/page';
import { SEARCH_FIELDS, type SearchParams, searchQueryString } from '../../features/search/api/search-pastes';
import { SearchForm } from '../../features/search/components/search-form';
import { SearchResults } from '../../features/search/components/search-results';

/** /search?q=…&tag=…: the search lives in the address, so a result list can be linked and reloaded. */
export function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params: SearchParams = Object.fromEntries(
    SEARCH_FIELDS.flatMap((f) => {
      const value = searchParams.get(f);
      return value ? [[f, value]] : [];
    }),
  );
  const query = searchQueryString(params);
  return (
    <Page icon={Search} title="Search" description="Find pastes by the words in their titles and text.">
      <div className="space-y-6">
        {/* A new address (a header search, a tag link) starts the form again from it. */}
        <SearchForm
          key={query}
          initial={params}
          onSearch={(p) => setSearchParams(new URLSearchParams(searchQueryString(p)))}
        />
        <SearchResults query={query} />
      </div>
    </Page>
  );
}
