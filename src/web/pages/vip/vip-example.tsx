import { Crown, Eye, Infinity as InfinityIcon } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';

/** A static mock of a VIP member's paste: banner above, unlimited badge in the header. */
export function VipExample() {
  return (
    <Card className="overflow-hidden" aria-label="Example of a VIP paste">
      <div className="flex aspect-[450/120] max-h-40 w-full items-center justify-center bg-gradient-to-r from-amber-300 via-orange-400 to-pink-500 px-6 text-center">
        <div className="text-white drop-shadow">
          <p className="text-lg font-bold sm:text-2xl">Your banner here</p>
          <p className="text-xs opacity-90 sm:text-sm">450 × 120 px · links to your site</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3 border-b border-border px-5 py-3 text-sm">
        <span className="font-semibold">deploy-notes.md</span>
        <Badge variant="vip">
          <Crown aria-hidden className="size-3" />
          jane_doe
        </Badge>
        <Badge variant="outline">
          <InfinityIcon aria-hidden className="size-3" />
          Never expires
        </Badge>
        <span className="ml-auto flex items-center gap-1 text-muted-foreground">
          <Eye aria-hidden className="size-4" />
          1,204 views
        </span>
      </div>
      <pre className="overflow-x-auto bg-muted/40 p-5 font-mono text-xs leading-relaxed text-muted-foreground">
        {'## Release 2.4\n- Zero-downtime deploys\n- Faster cold starts\n'}
      </pre>
    </Card>
  );
}
