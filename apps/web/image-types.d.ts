// Types of static image imports (next build also writes next-env.d.ts, which is not committed).
/// <reference types="next/image-types/global" />
