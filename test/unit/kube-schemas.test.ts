// The converter from Kubernetes' OpenAPI v3 documents and CRDs to kubeconform's standalone-strict
// schemas (deploy/kube-schemas.ts), on small documents shaped like the real ones; where deploy/tools.ts
// caches what it builds.
import { crdSchemas, kindFileName, openApiSchemas, type Json } from '../../deploy/kube-schemas';
import { HELM, KUBECONFORM, schemaCacheDir, toolCachePath } from '../../deploy/tools';

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

const DOC: Json = {
  components: {
    schemas: {
      'io.k8s.api.apps.v1.Deployment': {
        description: 'Deployment enables declarative updates.',
        type: 'object',
        properties: {
          apiVersion: { type: 'string' },
          kind: { type: 'string' },
          metadata: { allOf: [ref('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta')], default: {}, description: 'meta' },
          spec: { allOf: [ref('io.k8s.api.apps.v1.DeploymentSpec')], default: {} },
        },
        'x-kubernetes-group-version-kind': [{ group: 'apps', kind: 'Deployment', version: 'v1' }],
      },
      'io.k8s.api.apps.v1.DeploymentSpec': {
        type: 'object',
        required: ['selector'],
        properties: {
          replicas: { type: 'integer', format: 'int32' },
          // A property named like a keyword is still a property.
          description: { type: 'string', nullable: true },
          strategy: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { type: { type: 'string' } } },
          maxSurge: ref('io.k8s.apimachinery.pkg.util.intstr.IntOrString'),
        },
      },
      'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': {
        type: 'object',
        properties: { name: { type: 'string' }, labels: { type: 'object', additionalProperties: { type: 'string', default: '' } } },
      },
      'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { format: 'int-or-string', oneOf: [{ type: 'integer' }, { type: 'string' }] },
      'io.k8s.api.core.v1.Service': {
        type: 'object',
        properties: { kind: { type: 'string' }, items: { type: 'array', items: ref('io.k8s.api.core.v1.Service') } },
        'x-kubernetes-group-version-kind': [{ group: '', kind: 'Service', version: 'v1' }],
      },
    },
  },
};

describe('kindFileName', () => {
  it('follows kubeconform: lower case, the first label of the group, then the version', () => {
    expect(kindFileName('apps', 'v1', 'Deployment')).toBe('deployment-apps-v1.json');
    expect(kindFileName('', 'v1', 'Service')).toBe('service-v1.json');
    expect(kindFileName('monitoring.coreos.com', 'v1', 'ServiceMonitor')).toBe('servicemonitor-monitoring-v1.json');
    expect(kindFileName('policy', 'v1', 'PodDisruptionBudget')).toBe('poddisruptionbudget-policy-v1.json');
  });
});

describe('openApiSchemas', () => {
  const schemas = openApiSchemas(DOC);

  it('writes one schema per kind and nothing for the types that are no kind', () => {
    expect([...schemas.keys()].sort()).toEqual(['deployment-apps-v1.json', 'service-v1.json']);
  });

  it('inlines references, keeps validation keywords and closes objects that list their properties', () => {
    expect(schemas.get('deployment-apps-v1.json')).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        apiVersion: { type: 'string' },
        kind: { type: 'string' },
        metadata: {
          type: 'object',
          additionalProperties: false,
          properties: { name: { type: 'string' }, labels: { type: 'object', additionalProperties: { type: 'string' } } },
        },
        spec: {
          type: 'object',
          required: ['selector'],
          additionalProperties: false,
          properties: {
            replicas: { type: 'integer', format: 'int32' },
            description: { type: ['string', 'null'] },
            // Open by Kubernetes' own marker: no additionalProperties added.
            strategy: { type: 'object', properties: { type: { type: 'string' } } },
            maxSurge: { format: 'int-or-string', oneOf: [{ type: 'integer' }, { type: 'string' }] },
          },
        },
      },
    });
  });

  it('cuts a type that contains itself to an open schema where it recurs', () => {
    expect(schemas.get('service-v1.json')).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: { kind: { type: 'string' }, items: { type: 'array', items: {} } },
    });
  });

  it('refuses a reference it cannot resolve', () => {
    const broken: Json = {
      components: { schemas: { 'x.Thing': { type: 'object', properties: { a: ref('x.Missing') }, 'x-kubernetes-group-version-kind': [{ group: 'x', kind: 'Thing', version: 'v1' }] } } },
    };
    expect(() => openApiSchemas(broken)).toThrow('unresolved $ref #/components/schemas/x.Missing');
  });
});

describe('crdSchemas', () => {
  it('writes each served version of a CustomResourceDefinition, strict', () => {
    const crd: Json = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      spec: {
        group: 'monitoring.coreos.com',
        names: { kind: 'ServiceMonitor' },
        versions: [
          { name: 'v1', served: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { jobLabel: { type: 'string' } } } } } } },
          { name: 'v1alpha1', served: false, schema: { openAPIV3Schema: { type: 'object' } } },
        ],
      },
    };
    expect(Object.fromEntries(crdSchemas(crd))).toEqual({
      'servicemonitor-monitoring-v1.json': {
        type: 'object',
        additionalProperties: false,
        properties: { spec: { type: 'object', additionalProperties: false, properties: { jobLabel: { type: 'string' } } } },
      },
    });
  });

  it('refuses a document that is no CRD', () => {
    expect(() => crdSchemas({ kind: 'ConfigMap' })).toThrow('not a CustomResourceDefinition');
  });
});

describe('the cache of the chart-checking tools', () => {
  it('keys each tool and the schemas by version under the per-user cache', () => {
    expect(toolCachePath(HELM, { XDG_CACHE_HOME: '/xdg' }, '/home/u')).toBe('/xdg/counterfoil/helm/v3.22.0/helm');
    expect(toolCachePath(KUBECONFORM, {}, '/home/u')).toBe('/home/u/.cache/counterfoil/kubeconform/v0.8.0/kubeconform');
    expect(schemaCacheDir({ XDG_CACHE_HOME: 'relative' }, '/home/u')).toBe(
      '/home/u/.cache/counterfoil/kube-schemas/v1.35.4+prometheus-operator-v0.85.0+format-1',
    );
  });
});
