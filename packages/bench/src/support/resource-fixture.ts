/**
 * A resource-shaped value (about 1 KiB of msgpack): the kind of object every PlanResourceChange
 * carries three times (prior state, proposed new state, config).
 *
 * @internal
 */
export function resourceObject(seed = 0): Record<string, unknown> {
  return {
    arn: `arn:aws:ec2:eu-west-1:123456789012:instance/i-0abc${seed}def1234567890`,
    ami: "ami-0123456789abcdef0",
    availability_zone: "eu-west-1a",
    cpu_core_count: 2,
    cpu_threads_per_core: 2,
    disable_api_termination: false,
    ebs_optimized: true,
    id: `i-0abc${seed}def1234567890`,
    instance_type: "t3.large",
    ipv6_address_count: 0,
    monitoring: true,
    private_ip: "10.0.1.23",
    public_ip: "34.245.12.77",
    security_groups: ["sg-0123456789abcdef0", "sg-0fedcba9876543210", "sg-00112233445566778"],
    source_dest_check: true,
    subnet_id: "subnet-0123456789abcdef0",
    tags: { Name: "web-1", Environment: "production", Team: "platform", CostCenter: "cc-1234" },
    tenancy: "default",
    user_data: "IyEvYmluL2Jhc2gKZWNobyAiaGVsbG8sIHdvcmxkIiA+IC90bXAvaGVsbG8udHh0Cg==",
    volume_size: 100.5,
    ebs_block_device: [
      { device_name: "/dev/sdb", volume_size: 50, volume_type: "gp3", encrypted: true, iops: 3000 },
      { device_name: "/dev/sdc", volume_size: 200, volume_type: "gp3", encrypted: true, iops: 6000 },
    ],
    root_block_device: [{ volume_size: 30, volume_type: "gp3", encrypted: false, iops: 3000 }],
  };
}
