import type { RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  Billing,
  ProjectionType,
  StreamViewType,
  TableEncryptionV2,
  TableV2,
} from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableSchema } from '../functions/data/table-schema';

const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

export interface DataProps {
  removalPolicy: RemovalPolicy;
  deletionProtection: boolean;
}

/** The one table. Keys and indexes come from the schema the local stack creates too. */
export class Data extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { byOwner, byParty, directory, settlement, support } = tableSchema.indexes;
    this.table = new TableV2(this, 'Table', {
      partitionKey: stringKey(tableSchema.partitionKey),
      sortKey: stringKey(tableSchema.sortKey),
      billing: Billing.onDemand(),
      timeToLiveAttribute: tableSchema.timeToLiveAttribute,
      dynamoStream: StreamViewType[tableSchema.streamViewType],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryptionV2.awsManagedKey(),
      removalPolicy: props.removalPolicy,
      deletionProtection: props.deletionProtection,
      globalSecondaryIndexes: [
        ...[byOwner, byParty].map((index) => ({
          indexName: index.name,
          partitionKey: stringKey(index.partitionKey),
          sortKey: stringKey(index.sortKey),
          projectionType: ProjectionType.ALL,
        })),
        {
          indexName: directory.name,
          partitionKey: stringKey(directory.partitionKey),
          sortKey: stringKey(directory.sortKey),
          projectionType: ProjectionType.INCLUDE,
          nonKeyAttributes: [...tableSchema.directoryProjection],
        },
        ...[settlement].map((index) => ({
          indexName: index.name,
          partitionKey: stringKey(index.partitionKey),
          sortKey: stringKey(index.sortKey),
          projectionType: ProjectionType.KEYS_ONLY,
        })),
        {
          indexName: support.name,
          partitionKey: stringKey(support.partitionKey),
          sortKey: stringKey(support.sortKey),
          projectionType: ProjectionType.INCLUDE,
          nonKeyAttributes: [...tableSchema.nameProjection],
        },
      ],
    });
  }
}
