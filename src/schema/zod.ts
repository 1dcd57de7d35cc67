import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// One place adds `.openapi()` to zod, so every schema can describe itself in the OpenAPI document.
extendZodWithOpenApi(z);

export { z };
